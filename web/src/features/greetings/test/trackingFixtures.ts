import type { CreatedGreeting, Greeting, GreetingReply, SealedGreeting } from '@otkrytka/contract';

/** Contract-typed fixtures for delivery tracking, replies and scheduled greetings: drift fails to compile. */
export const GREETING_ID = 'Gr33tingPublicId_abc12';

export function reply(over: Partial<GreetingReply> = {}): GreetingReply {
  return {
    reaction: '❤️',
    text: 'Спасибо, мама!',
    from: 'Боря',
    replied_at: '2026-03-12T06:05:00.000Z',
    updated_at: '2026-03-12T06:05:00.000Z',
    editable_until: '2026-03-12T06:15:00.000Z',
    ...over,
  };
}

export function openGreeting(over: Partial<Greeting> = {}): Greeting {
  return {
    id: GREETING_ID,
    sealed: false,
    status: 'sent',
    opens_at: null,
    opens_tz: null,
    seconds_until_open: null,
    opened_at: null,
    open_count: null,
    accepted_at: null,
    reply: null,
    replies: [],
    to_whom: 'Маме',
    greeting: 'С днём рождения!',
    from_whom: 'Аня',
    background_first_page: 'pink-purple-indigo',
    background_greeting_page: 'blue-green-cyan',
    energy: 0,
    gift_claimed: false,
    is_own: false,
    caption: null,
    picture_footer: false,
    picture_url: null,
    image_relations_id: 3,
    postcard: {
      id: 3,
      title: 'Весна',
      collection_id: 9,
      media_kind: 'image',
      image_url: '/media/a/b.jpg',
      preview_78x101_url: '/media/a/preview/78x101/b.webp',
      preview_36_url: '/media/a/preview/36/b.webp',
      viewer_url: null,
      viewer_srcset: null,
    },
    channel: { id: 9, name: 'Галерея' },
    telegram_url: null,
    group: null,
    telegram_gift: null,
    created_at: '2026-03-10T10:00:00.000Z',
    updated_at: '2026-03-10T10:00:00.000Z',
    ...over,
  };
}

export function sealedGreeting(over: Partial<SealedGreeting> = {}): SealedGreeting {
  return {
    id: GREETING_ID,
    sealed: true,
    status: 'scheduled',
    to_whom: 'Маме',
    background_first_page: 'orange-red-pink',
    background_greeting_page: 'blue-green-cyan',
    opens_at: '2026-03-12T06:00:00.000Z',
    opens_tz: 'Europe/Moscow',
    seconds_until_open: 3 * 3600 + 25 * 60 + 7,
    is_own: false,
    ...over,
  };
}

export function createdRow(over: Partial<CreatedGreeting> = {}): CreatedGreeting {
  return {
    id: GREETING_ID,
    to_whom: 'Маме',
    greeting: 'С днём рождения!',
    from_whom: 'Аня',
    energy: 0,
    gift_claimed: false,
    accepted_count: 0,
    status: 'sent',
    opens_at: null,
    opens_tz: null,
    seconds_until_open: null,
    opened_at: null,
    open_count: 0,
    accepted_at: null,
    reply: null,
    image_relations_id: 3,
    image_url: '/media/a/b.jpg',
    preview_36_url: '/media/a/preview/36/b.webp',
    preview_78x101_url: '/media/a/preview/78x101/b.webp',
    telegram_url: null,
    created_at: '2026-03-10T10:00:00.000Z',
    ...over,
  };
}
