/**
 * The wizard's Telegram gift (inside Telegram only): a real Telegram gift paid in Stars, chosen
 * from `GET /api/stars/gifts`. Loaded with the gift step, never with the first page.
 */
export default function TelegramGiftChoice(_props: { value: string | null; onChange: (giftId: string | null) => void }) {
  return null;
}
