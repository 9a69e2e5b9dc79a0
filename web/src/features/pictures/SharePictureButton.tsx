import { useTranslation } from '@/i18n';
import { Button, type ButtonProps } from '@/ui/Button';
import { type PictureShare, useSharePicture } from './PictureShareSheet';

/** «Поделиться картинкой»: the picture file to the device's share sheet, else the picture sheet. */
export default function SharePictureButton({ share, ...button }: { share: PictureShare } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const { t } = useTranslation('pictures');
  const picture = useSharePicture();
  return (
    <>
      <Button {...button} loading={picture.busy} onClick={() => void picture.share(share)} data-testid="share-picture">
        {t('share.sharePicture')}
      </Button>
      {picture.element}
    </>
  );
}
