import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { CaptionEditor } from './CaptionEditor';
import { type CaptionValue, captionProblem, newCaption } from './caption';
import { useCaptionFonts, useMakePicture } from './queries';
import SharePictureButton from './SharePictureButton';
import { stillOf, type PostcardStill } from './still';

/**
 * «Подписать и отправить» from the viewer: the caption editor over any approved postcard, then the
 * captioned picture (made by the server, no greeting and no gift) with «Поделиться картинкой».
 * Signed-in users only (the viewer offers it to them alone; the server refuses anyone else).
 */
export default function SignPostcardDialog({ postcard, open, onClose }: { postcard: PostcardStill & { id: number }; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('pictures');
  const fonts = useCaptionFonts();
  const [caption, setCaption] = useState<CaptionValue | null>(null);
  const value = caption ?? newCaption(fonts.data?.[0]?.id);
  const make = useMakePicture();
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<{ url: string; alt: string } | null>(null);

  async function submit() {
    const why = captionProblem(value);
    if (why) return setProblem(t(why));
    setProblem(null);
    try {
      const r = await make.mutateAsync({ postcardId: postcard.id, caption: value });
      setMade({ url: r.picture_url, alt: value.text.trim() });
    } catch (e) {
      setProblem(errorMessage(e, t('sign.error')));
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={t('sign.title')} className="sm:max-w-2xl!">
      {made ? (
        <div className="flex flex-col items-center gap-4" data-testid="signed-picture">
          <p role="status" className="text-sm font-semibold text-muted">
            {t('sign.ready')}
          </p>
          <img src={made.url} alt={made.alt} className="max-h-[52dvh] w-auto rounded-2xl object-contain shadow-card" />
          <div className="grid w-full max-w-sm gap-2">
            <SharePictureButton size="lg" block share={{ pictureUrl: made.url, linkUrl: made.url, text: t('share.text'), alt: made.alt }} />
            <Button size="lg" variant="ghost" block onClick={() => setMade(null)}>
              {t('sign.again')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <CaptionEditor imageUrl={stillOf(postcard)} value={value} onChange={(c) => (setCaption(c), setProblem(null))} error={problem} />
          {/* in reach while the editor scrolls */}
          <div className="sticky -bottom-6 z-10 -mx-5 border-t border-border/60 bg-surface px-5 pb-6 pt-3 sm:-bottom-7 sm:-mx-7 sm:px-7 sm:pb-7">
            <Button size="lg" block onClick={() => void submit()} loading={make.isPending} disabled={!fonts.data}>
              {make.isPending ? t('sign.making') : t('sign.make')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
