/**
 * Pictures: the sender's caption on the card, and the picture that travels. Everything here loads
 * on demand: the greeting page and the gallery carry none of it in their first load.
 */
import { lazy } from 'react';

export type { PictureShare } from './PictureShareSheet';
/** The wizard's «Ваши слова на открытке» (caption editor over the postcard). */
export const CaptionSection = lazy(() => import('./CaptionSection'));
/** «Поделиться картинкой». */
export const SharePictureButton = lazy(() => import('./SharePictureButton'));
/** The viewer's «Подписать и отправить»: a captioned picture of a postcard, without a greeting. */
export const SignPostcardDialog = lazy(() => import('./SignPostcardDialog'));
