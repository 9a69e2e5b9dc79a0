import type { Postcard } from '@otkrytka/contract';
import { useState } from 'react';
import { useNavigate } from '@/router';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { AlertDialog, ConfirmDialog } from '@/ui/Dialogs';
import { DropdownMenu, type MenuItem } from '@/ui/DropdownMenu';
import { useToast } from '@/ui/toast';
import { useSession } from '../auth/session';
import { useIsBookmarked, useToggleBookmark } from '../bookmarks/queries';
import { IconEye, IconMore, IconStar, IconTrash } from './icons';
import { useDeletePostcard } from './queries';

/**
 * The postcard options menu: save to (or remove from) bookmarks, view the post,
 * and delete — only for the postcard's owner.
 */
export function PostcardOptions({ postcard, viewTo, onDeleted }: { postcard: Postcard; viewTo: string; onDeleted?: () => void }) {
  const { t } = useTranslation('postcards');
  const { user } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  // a grid has a menu per tile: the bookmark list is fetched once a menu is about to open, not with the page
  const [wanted, setWanted] = useState(false);
  const bookmarked = useIsBookmarked(postcard.id, wanted);
  const { toggle } = useToggleBookmark({ onError: () => toast(t('bookmarkError'), 'error') });
  const del = useDeletePostcard();
  const [confirm, setConfirm] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const items: MenuItem[] = [
    ...(user
      ? [
          {
            label: bookmarked ? t('options.unbookmark') : t('options.bookmark'),
            icon: <IconStar size={18} filled={bookmarked} />,
            onSelect: () => {
              toggle(postcard, !bookmarked);
              toast(bookmarked ? t('bookmarkRemoved') : t('bookmarkAdded'), 'success', 1800);
            },
          },
        ]
      : []),
    { label: t('options.view'), icon: <IconEye size={18} />, onSelect: () => navigate(viewTo) },
    ...(user && user.id === postcard.user_id
      ? [{ label: t('options.delete'), icon: <IconTrash size={18} />, danger: true, onSelect: () => setConfirm(true) }]
      : []),
  ];

  // each tile's menu is named by its postcard, so a list of them reads as more than one name repeated
  return (
    <>
      <span className="contents" onPointerEnter={() => setWanted(true)} onPointerDownCapture={() => setWanted(true)} onFocusCapture={() => setWanted(true)}>
        <DropdownMenu label={postcard.title ? t('options.labelNamed', { title: postcard.title }) : t('options.label')} items={items} buttonClassName="h-8 w-8 bg-black/35 text-white backdrop-blur-sm hover:bg-black/55">
          <IconMore size={18} />
        </DropdownMenu>
      </span>
      <ConfirmDialog
        open={confirm}
        title={t('deleteTitle')}
        confirmLabel={t('common:delete')}
        cancelLabel={t('common:cancel')}
        danger
        loading={del.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          del.mutate(postcard.id, {
            onSuccess: () => {
              setConfirm(false);
              toast(t('deleted'), 'success');
              onDeleted?.();
            },
            onError: (e) => {
              setConfirm(false);
              setFailure(errorMessage(e, t('deleteError')));
            },
          })
        }
      >
        {t('deleteQuestion')}
      </ConfirmDialog>
      <AlertDialog open={!!failure} title={t('deleteError')} okLabel={t('common:ok')} onClose={() => setFailure(null)}>
        {failure}
      </AlertDialog>
    </>
  );
}
