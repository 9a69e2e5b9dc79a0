import {
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy, rectSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Category, CategoryGroup, CategoryInUseDetail, GroupedCategories } from '@otkrytka/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { type TFunction, useTranslation } from '@/i18n';
import { useLocalName } from '../names';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { AlertDialog, ConfirmDialog } from '@/ui/Dialogs';
import { DropdownMenu } from '@/ui/DropdownMenu';
import { Page } from '@/ui/Page';
import { LoadingState } from '@/ui/Spinner';
import { useTelegramVerticalSwipesOff } from '@/telegram/native';
import { SearchField } from '@/ui/SearchField';
import { EmptyState, ErrorState } from '@/ui/States';
import { useSession } from '@/features/auth/session';
import { IconEdit, IconFolder, IconGrip, IconMore, IconPlus, IconTrash } from '@/features/postcards/icons';
import { CategoryDialog, GroupDialog } from '../CategoryDialogs';
import { type ContainerId, categoriesIn, containerOf, filterGrouped, moveCategory, moveGroup } from '../ordering';
import { useDeleteCategory, useDeleteGroup, useGroupedCategories, useReorderCategories } from '../queries';
import { LockIcon } from '@/ui/icons';
import { TagIcon } from '@/ui/icons-more';

/** Drag layers: above everything while dragging, a little lower while the drop animates. */
const Z_DRAGGING = 5000;
const Z_DROPPING = 4500;

const groupKey = (id: number) => `g:${id}`;
const categoryKey = (id: number) => `c:${id}`;
const boxKey = (c: ContainerId) => `box:${c ?? 'none'}`;
const parseKey = (key: string): { kind: 'g' | 'c' | 'box'; id: number | null } => {
  const [kind, raw] = key.split(':') as ['g' | 'c' | 'box', string];
  return { kind, id: raw === 'none' ? null : Number(raw) };
};

/**
 * Groups collide only with groups; categories with categories and group boxes. With a pointer,
 * only what is under it counts, so a drop outside every target does nothing; the
 * keyboard has no pointer and moves to the nearest target.
 */
const collisions: CollisionDetection = (args) => {
  const dragging = parseKey(String(args.active.id)).kind;
  const droppableContainers = args.droppableContainers.filter((d) => {
    const kind = parseKey(String(d.id)).kind;
    return dragging === 'g' ? kind === 'g' : kind !== 'g';
  });
  // by keyboard the dragged chip jumps onto a target: what its centre is on decides, as the pointer
  // does (the nearest centre would pick a chip of another group over an empty box)
  const r = args.collisionRect;
  const pointerCoordinates = args.pointerCoordinates ?? { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  const within = pointerWithin({ ...args, droppableContainers, pointerCoordinates });
  if (!args.pointerCoordinates && within.length === 0) return closestCenter({ ...args, droppableContainers });
  const onItem = within.filter((c) => parseKey(String(c.id)).kind === 'c');
  return onItem.length ? onItem : within;
};

/**
 * True when the pointer was released over the drop target. dnd-kit updates `over` on animation
 * frames, so a quick flick out of the list can end with a stale target: the release point decides.
 */
function releasedOver(e: DragEndEvent): boolean {
  const start = e.activatorEvent as Partial<PointerEvent> | null;
  const rect = e.over?.rect;
  if (!rect || typeof start?.clientX !== 'number' || typeof start.clientY !== 'number') return true; // keyboard
  const x = start.clientX + e.delta.x;
  const y = start.clientY + e.delta.y;
  return x >= rect.left && x <= rect.left + rect.width && y >= rect.top && y <= rect.top + rect.height;
}

/** /categories: my groups and categories, searchable, reordered and regrouped by drag and drop. */
export default function CategoriesPage() {
  const { t } = useTranslation('categories');
  const named = useLocalName();
  const { isAuthenticated, loading } = useSession();
  const grouped = useGroupedCategories();
  const reorder = useReorderCategories();
  const deleteCategory = useDeleteCategory();
  const deleteGroup = useDeleteGroup();

  const [search, setSearch] = useState('');
  const [active, setActive] = useState<string | null>(null);
  // inside Telegram a vertical drag must not close the app
  useTelegramVerticalSwipesOff(active !== null);
  const [overBox, setOverBox] = useState<ContainerId | undefined>(undefined);
  const [dropping, setDropping] = useState(false);
  const [dialog, setDialog] = useState<
    | { kind: 'createCategory' }
    | { kind: 'editCategory'; category: Category }
    | { kind: 'createGroup' }
    | { kind: 'editGroup'; group: CategoryGroup }
    | { kind: 'deleteGroup'; group: CategoryGroup }
    | { kind: 'deleteCategory'; category: Category }
    | null
  >(null);
  const [alert, setAlert] = useState<ReactNode>(null);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 220, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const data = grouped.data;
  const shown = useMemo(() => (data ? filterGrouped(data, search) : undefined), [data, search]);
  const searching = search.trim() !== '';
  const groups = data?.groups ?? [];

  if (!isAuthenticated) {
    return <Page title={t('title')}>{loading ? <LoadingState text={t('common:loading')} /> : <EmptyState icon={<LockIcon />} title={t('loginRequired')} />}</Page>;
  }

  const targetOf = (g: GroupedCategories, overKey: string): { container: ContainerId; index: number } | null => {
    const over = parseKey(overKey);
    if (over.kind === 'box') return { container: over.id, index: categoriesIn(g, over.id).length };
    if (over.kind === 'c' && over.id !== null) {
      const container = containerOf(g, over.id);
      if (container === undefined) return null;
      return { container, index: categoriesIn(g, container).findIndex((c) => c.id === over.id) };
    }
    return null;
  };

  const onDragStart = (e: DragStartEvent) => {
    setActive(String(e.active.id));
    setDropping(false);
  };
  const onDragOver = (e: DragOverEvent) => {
    if (!data || !e.over || parseKey(String(e.active.id)).kind !== 'c') return setOverBox(undefined);
    setOverBox(targetOf(data, String(e.over.id))?.container);
  };
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null);
    setOverBox(undefined);
    setDropping(true);
    window.setTimeout(() => setDropping(false), 250);
    // dropping outside any target does nothing
    if (!data || !e.over || e.over.id === e.active.id || !releasedOver(e)) return;
    const a = parseKey(String(e.active.id));
    if (a.kind === 'g' && a.id !== null) {
      const overGroup = parseKey(String(e.over.id));
      const toIndex = data.groups.findIndex((g) => g.id === overGroup.id);
      if (toIndex < 0) return;
      const { next, body } = moveGroup(data, a.id, toIndex);
      if (body.groups?.length) reorder.mutate({ body, next }, { onError: (err) => setAlert(`Error: ${errorMessage(err, t('errors.unknown'))}`) });
      return;
    }
    if (a.kind === 'c' && a.id !== null) {
      const target = targetOf(data, String(e.over.id));
      if (!target) return;
      const { next, body } = moveCategory(data, a.id, target.container, target.index);
      if (body.categories?.length) reorder.mutate({ body, next }, { onError: (err) => setAlert(`Error: ${errorMessage(err, t('errors.unknown'))}`) });
    }
  };

  const onDeleteCategory = (category: Category) =>
    deleteCategory.mutate(category.id, {
      onSuccess: () => setDialog(null),
      onError: (err) => {
        setDialog(null);
        setAlert(categoryDeleteError(err, t));
      },
    });

  // what a screen reader hears while dragging: the items by name, in the reader's language
  const spoken = (key: string) => {
    const k = parseKey(key);
    if (k.kind === 'g') return t('a11y.group', { name: named(groups.find((g) => g.id === k.id) ?? { name: '' }) });
    if (k.kind === 'box') return k.id === null ? t('a11y.ungrouped') : t('a11y.group', { name: named(groups.find((g) => g.id === k.id) ?? { name: '' }) });
    const all = data ? [...data.categories_without_group, ...data.groups.flatMap((g) => g.categories)] : [];
    return t('a11y.category', { name: named(all.find((c) => c.id === k.id) ?? { name: '' }) });
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('a11y.picked', { item: spoken(String(a.id)) }),
    // over its own place (right after the pick-up): nothing new to say
    onDragOver: ({ active: a, over }) => (over?.id === a.id ? undefined : over ? t('a11y.over', { target: spoken(String(over.id)) }) : t('a11y.outside')),
    onDragEnd: ({ active: a, over }) =>
      over ? t('a11y.dropped', { item: spoken(String(a.id)), target: spoken(String(over.id)) }) : t('a11y.droppedOutside', { item: spoken(String(a.id)) }),
    onDragCancel: ({ active: a }) => t('a11y.cancelled', { item: spoken(String(a.id)) }),
  };

  const activeItem = active ? parseKey(active) : null;
  const activeGroup = activeItem?.kind === 'g' ? groups.find((g) => g.id === activeItem.id) : undefined;
  const activeCategory =
    activeItem?.kind === 'c' && data ? [...data.categories_without_group, ...data.groups.flatMap((g) => g.categories)].find((c) => c.id === activeItem.id) : undefined;

  const categoryMenu = (category: Category) => (
    <DropdownMenu
      label={t('category.menu', { name: named(category) })}
      buttonClassName="-mr-1"
      items={[
        { label: t('category.edit'), icon: <IconEdit size={18} />, onSelect: () => setDialog({ kind: 'editCategory', category }) },
        { label: t('category.delete'), icon: <IconTrash size={18} />, danger: true, onSelect: () => setDialog({ kind: 'deleteCategory', category }) },
      ]}
    >
      <IconMore size={16} />
    </DropdownMenu>
  );

  const addMenu = (
    <DropdownMenu
      label={t('add')}
      buttonClassName="h-11 w-11 bg-primary !text-on-primary shadow-card hover:!bg-primary-strong sm:hidden"
      items={[
        { label: t('group.create'), icon: <IconFolder size={18} />, onSelect: () => setDialog({ kind: 'createGroup' }) },
        { label: t('category.create'), icon: <IconPlus size={18} />, onSelect: () => setDialog({ kind: 'createCategory' }) },
      ]}
    >
      <IconPlus size={22} />
    </DropdownMenu>
  );

  return (
    <Page
      title={t('title')}
      actions={
        <>
          <div className="hidden gap-2 sm:flex">
            <Button variant="secondary" onClick={() => setDialog({ kind: 'createGroup' })}>
              <IconFolder size={18} />
              {t('group.create')}
            </Button>
            <Button onClick={() => setDialog({ kind: 'createCategory' })}>
              <IconPlus size={18} />
              {t('category.create')}
            </Button>
          </div>
          {addMenu}
        </>
      }
    >
      <SearchField label={t('search')} clearLabel={t('searchClear')} value={search} onChange={setSearch} className="mb-2" />
      {/* how to drag, only when there is something to drag */}
      {!!data && data.groups.length + data.categories_without_group.length > 0 && (
        <p className="mb-4 text-xs text-muted">{searching ? t('searchNoDrag') : t('dragHint')}</p>
      )}

      {grouped.isPending ? (
        <LoadingState text={t('loading')} />
      ) : grouped.isError ? (
        <ErrorState title={t('loadError')} error={grouped.error} onRetry={() => void grouped.refetch()} retryLabel={t('common:retry')} />
      ) : shown && shown.groups.length === 0 && shown.categories_without_group.length === 0 ? (
        <EmptyState
          icon={<TagIcon />}
          title={searching ? t('notFound') : t('empty')}
          text={searching ? undefined : t('emptyHint')}
          action={
            !searching && (
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => setDialog({ kind: 'createCategory' })}>
                  <IconPlus size={18} />
                  {t('category.create')}
                </Button>
                <Button variant="secondary" onClick={() => setDialog({ kind: 'createGroup' })}>
                  <IconFolder size={18} />
                  {t('group.create')}
                </Button>
              </div>
            )
          }
        />
      ) : (
        shown && (
          <DndContext
            accessibility={{ announcements, screenReaderInstructions: { draggable: t('a11y.instructions') } }}
            sensors={sensors}
            collisionDetection={collisions} onDragStart={onDragStart} onDragOver={onDragOver} onDragEnd={onDragEnd} onDragCancel={() => setActive(null)}>
            <SortableContext items={shown.groups.map((g) => groupKey(g.id))} strategy={verticalListSortingStrategy} disabled={searching}>
              <div className="flex flex-col gap-3">
                {shown.groups.map((g) => (
                  <SortableGroup
                    key={g.id}
                    group={g}
                    highlighted={overBox === g.id && containerOf(data!, activeItem?.id ?? -1) !== g.id}
                    disabled={searching}
                    onEdit={() => setDialog({ kind: 'editGroup', group: g })}
                    onDelete={() => setDialog({ kind: 'deleteGroup', group: g })}
                  >
                    <CategoryBox container={g.id} categories={g.categories} disabled={searching} menu={categoryMenu} emptyText={t('group.empty')} />
                  </SortableGroup>
                ))}
              </div>
            </SortableContext>
            {/* while searching nothing can be dropped: no empty drop box telling to drag here */}
            {(!searching || shown.categories_without_group.length > 0) && (
              <section
                aria-label={t('withoutGroup')}
                className={cx(
                  'mt-5 rounded-2xl border border-dashed p-3.5 transition-colors',
                  overBox === null && activeItem?.kind === 'c' ? 'border-primary bg-primary-soft/40' : 'border-border',
                )}
              >
                <h2 className="mb-2.5 text-sm font-semibold uppercase tracking-wide text-muted">{t('withoutGroup')}</h2>
                <CategoryBox container={null} categories={shown.categories_without_group} disabled={searching} menu={categoryMenu} emptyText={t('withoutGroupEmpty')} />
              </section>
            )}
            <DragOverlay zIndex={dropping ? Z_DROPPING : Z_DRAGGING}>
              {activeGroup ? (
                <div className="rounded-2xl border border-primary bg-surface p-4 shadow-card">
                  <span className="font-semibold">{named(activeGroup)}</span>
                </div>
              ) : activeCategory ? (
                <CategoryChip category={activeCategory} overlay />
              ) : null}
            </DragOverlay>
          </DndContext>
        )
      )}

      <CategoryDialog
        open={dialog?.kind === 'createCategory' || dialog?.kind === 'editCategory'}
        onClose={() => setDialog(null)}
        groups={groups}
        categories={data ? [...data.categories_without_group, ...data.groups.flatMap((g) => g.categories)] : []}
        category={dialog?.kind === 'editCategory' ? dialog.category : undefined}
        onError={setAlert}
      />
      <GroupDialog
        open={dialog?.kind === 'createGroup' || dialog?.kind === 'editGroup'}
        onClose={() => setDialog(null)}
        groups={groups}
        group={dialog?.kind === 'editGroup' ? dialog.group : undefined}
        onError={setAlert}
      />
      <ConfirmDialog
        open={dialog?.kind === 'deleteGroup'}
        title={t('group.deleteTitle')}
        confirmLabel={t('common:delete')}
        cancelLabel={t('common:cancel')}
        danger
        loading={deleteGroup.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          dialog?.kind === 'deleteGroup' &&
          deleteGroup.mutate(dialog.group.id, {
            onSuccess: () => setDialog(null),
            onError: (err) => {
              console.error(err);
              setDialog(null);
              setAlert(t('errors.deleteGroup'));
            },
          })
        }
      >
        {dialog?.kind === 'deleteGroup' && (
          <>
            <p className="text-text">{t('group.deleteQuestion', { name: named(dialog.group) })}</p>
            <p className="rounded-xl bg-warning/10 px-3 py-2 text-sm text-warning-ink">{t('group.deleteWarning')}</p>
          </>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'deleteCategory'}
        title={t('category.deleteTitle')}
        confirmLabel={t('common:delete')}
        cancelLabel={t('common:cancel')}
        danger
        loading={deleteCategory.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => dialog?.kind === 'deleteCategory' && onDeleteCategory(dialog.category)}
      >
        {dialog?.kind === 'deleteCategory' && t('category.deleteQuestion', { name: named(dialog.category) })}
      </ConfirmDialog>
      <AlertDialog open={alert !== null} title={t('errors.title')} okLabel={t('common:ok')} onClose={() => setAlert(null)}>
        {alert}
      </AlertDialog>
    </Page>
  );
}

/** The alert for a refused category delete. */
function categoryDeleteError(err: unknown, t: TFunction<'categories'>): ReactNode {
  if (err instanceof ApiError && err.detail && typeof err.detail === 'object' && 'postcard_ids' in err.detail) {
    const d = err.detail as CategoryInUseDetail;
    return (
      <>
        {/* the server's message is English for API clients: the reader gets it in their language */}
        <span className="block text-text">{t('errors.categoryInUse', { count: d.total_count })}</span>
        <span className="block">{t('errors.postcardIds', { ids: d.postcard_ids.join(', ') })}</span>
        <span className="block">{t('errors.showingFirst', { showing_first: d.showing_first, total_count: d.total_count })}</span>
      </>
    );
  }
  return errorMessage(err, t('errors.deleteCategory'));
}

function SortableGroup({
  group,
  children,
  highlighted,
  disabled,
  onEdit,
  onDelete,
}: {
  group: CategoryGroup;
  children: ReactNode;
  highlighted: boolean;
  disabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('categories');
  const named = useLocalName();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: groupKey(group.id), disabled, attributes: { roleDescription: t('a11y.roleDescription') } });
  return (
    <section
      ref={setNodeRef}
      aria-label={named(group)}
      data-group-id={group.id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx(
        'rounded-2xl border bg-surface p-3.5 shadow-card transition-colors',
        highlighted ? 'border-primary bg-primary-soft/30' : 'border-border',
        isDragging && 'opacity-40',
      )}
    >
      <header className="mb-2.5 flex items-start gap-2">
        {!disabled && (
          <button
            ref={setActivatorNodeRef}
            type="button"
            aria-label={t('group.drag', { name: named(group) })}
            className="tap-44 -ml-1.5 mt-0.5 inline-flex h-8 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted hover:bg-surface-2 active:cursor-grabbing"
            {...attributes}
            {...listeners}
          >
            <IconGrip size={18} />
          </button>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-[16px] font-semibold">{named(group)}</h2>
          {group.description && <p className="mt-0.5 line-clamp-2 break-words text-sm text-muted">{group.description}</p>}
        </div>
        <DropdownMenu
          label={t('group.menu', { name: named(group) })}
          buttonClassName="h-8 w-8"
          items={[
            { label: t('group.edit'), icon: <IconEdit size={18} />, onSelect: onEdit },
            { label: t('group.delete'), icon: <IconTrash size={18} />, danger: true, onSelect: onDelete },
          ]}
        >
          <IconMore size={18} />
        </DropdownMenu>
      </header>
      {children}
    </section>
  );
}

/** The categories of one group (or of "without group"): a sortable, droppable set of chips. */
function CategoryBox({ container, categories, disabled, menu, emptyText }: { container: ContainerId; categories: Category[]; disabled: boolean; menu: (c: Category) => ReactNode; emptyText: string }) {
  const { setNodeRef } = useDroppable({ id: boxKey(container), disabled });
  return (
    <SortableContext items={categories.map((c) => categoryKey(c.id))} strategy={rectSortingStrategy} disabled={disabled}>
      <ul ref={setNodeRef} data-container={container ?? 'none'} className="flex min-h-11 flex-wrap gap-2">
        {categories.length === 0 && <li className="flex items-center px-1 text-sm text-muted">{emptyText}</li>}
        {categories.map((c) => (
          <SortableCategory key={c.id} category={c} disabled={disabled} menu={menu(c)} />
        ))}
      </ul>
    </SortableContext>
  );
}

function SortableCategory({ category, disabled, menu }: { category: Category; disabled: boolean; menu: ReactNode }) {
  const { t } = useTranslation('categories');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: categoryKey(category.id), disabled, attributes: { roleDescription: t('a11y.roleDescription') } });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={cx(isDragging && 'opacity-40')}>
      <CategoryChip category={category} menu={menu} handleProps={{ ...attributes, ...listeners }} />
    </li>
  );
}

function CategoryChip({ category, menu, handleProps, overlay }: { category: Category; menu?: ReactNode; handleProps?: Record<string, unknown>; overlay?: boolean }) {
  const named = useLocalName();
  return (
    <span
      data-category-id={category.id}
      className={cx(
        'inline-flex h-10 select-none items-center gap-1 rounded-xl border bg-surface-2 pl-3 pr-1.5 text-[15px] font-medium',
        overlay ? 'border-primary shadow-card' : 'border-border',
      )}
    >
      <span {...handleProps} className={cx('max-w-[15rem] cursor-grab touch-manipulation truncate py-2 outline-offset-2 active:cursor-grabbing', !menu && 'pr-2')}>
        {named(category)}
      </span>
      {menu && <span onPointerDown={(e) => e.stopPropagation()}>{menu}</span>}
    </span>
  );
}
