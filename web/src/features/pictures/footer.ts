import { type FooterContent, footerLine } from '@otkrytka/contract/rules/caption';
import { encode } from 'uqr';

/** A greeting's public id is 22 characters (16 random bytes, base64url): its QR code has the same size. */
const SAMPLE_ID = 'x'.repeat(22);

/**
 * The footer as the picture will carry it (its line, the address, the QR code), drawn in the
 * preview before the greeting exists: the code of an address of the same length stands in for the
 * greeting's own. The caption keeps above it in the preview as on the picture.
 */
export function footerPreview(language: string, gift: boolean, origin: string = window.location.origin): FooterContent {
  const link = `${origin}/greeting/${SAMPLE_ID}`;
  // the address is the greeting's own once it exists: until then it ends in «…»
  return { line: footerLine(language, gift), link: `${origin.replace(/^https?:\/\//, '')}/greeting/…`, qr: encode(link, { ecc: 'M', border: 0 }).data };
}
