import type { Category, CategoryGroup } from '@otkrytka/contract';
import { CATEGORY_LIMITS } from '@otkrytka/contract/rules/postcards';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/errorMessage';
import { Button } from '@/ui/Button';
import { SelectInput, TextArea, TextInput } from '@/ui/FormField';
import { Modal } from '@/ui/Modal';
import { useCreateCategory, useCreateGroup, useUpdateCategory, useUpdateGroup } from './queries';
import { trimInvisible } from '@otkrytka/contract/rules/text';

/** The group last chosen when creating a category, remembered for the browser session. */
const LAST_GROUP_KEY = 'lastSelectedGroupId';
export const lastSelectedGroup = {
  get(): string {
    try {
      return sessionStorage.getItem(LAST_GROUP_KEY) ?? 'none';
    } catch {
      return 'none';
    }
  },
  set(v: string) {
    try {
      sessionStorage.setItem(LAST_GROUP_KEY, v);
    } catch {
      /* storage unavailable */
    }
  },
};

/** Whether `name` is already one of `taken` (trimmed, any case): two alike cannot be told apart in a list. */
const alreadyTaken = (name: string, taken: readonly { id: number; name: string }[], self?: number) => {
  const key = trimInvisible(name).toLocaleLowerCase();
  return key !== '' && taken.some((x) => x.id !== self && trimInvisible(x.name).toLocaleLowerCase() === key);
};

/**
 * Create or edit a category: name and a group dropdown whose first option is "without group".
 * Create/Save is disabled while the trimmed name is empty; on failure the dialog stays open.
 */
export function CategoryDialog({
  open,
  onClose,
  groups,
  categories,
  category,
  onError,
}: {
  open: boolean;
  onClose: () => void;
  groups: CategoryGroup[];
  /** my categories, for the warning about a name already used */
  categories: Category[];
  category?: Category;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation('categories');
  return (
    <Modal open={open} onClose={onClose} title={category ? t('category.editTitle') : t('category.createTitle')}>
      <CategoryForm onClose={onClose} groups={groups} categories={categories} category={category} onError={onError} />
    </Modal>
  );
}

/** Mounted each time the dialog opens: the name cleared (or prefilled) and the group preselected. */
function CategoryForm({
  onClose,
  groups,
  categories,
  category,
  onError,
}: {
  onClose: () => void;
  groups: CategoryGroup[];
  categories: Category[];
  category?: Category;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation('categories');
  const [name, setName] = useState(category?.name ?? '');
  const [nameEn, setNameEn] = useState(category?.name_en ?? '');
  const [group, setGroup] = useState(() => {
    if (category) return category.group_id === null ? 'none' : String(category.group_id);
    const last = lastSelectedGroup.get();
    return last !== 'none' && groups.some((g) => String(g.id) === last) ? last : 'none';
  });
  const create = useCreateCategory();
  const update = useUpdateCategory();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = trimInvisible(name);
    if (!trimmed) return;
    const group_id = group === 'none' ? null : Number(group);
    const fail = (err: unknown) => {
      console.error(err);
      onError(`Error: ${errorMessage(err, t('errors.unknown'))}`);
    };
    if (category) {
      update.mutate({ id: category.id, name: trimmed, name_en: trimInvisible(nameEn) || null, group_id }, { onSuccess: onClose, onError: fail });
    } else {
      lastSelectedGroup.set(group);
      create.mutate({ name: trimmed, name_en: trimInvisible(nameEn) || null, group_id }, { onSuccess: onClose, onError: fail });
    }
  };

  return (
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextInput
          label={t('category.name')}
          hint={alreadyTaken(name, categories, category?.id) ? t('duplicateName') : undefined}
          value={name}
          maxLength={CATEGORY_LIMITS.nameMax}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('category.namePlaceholder')}
          autoFocus
        />
        <TextInput label={t('nameEn')} hint={t('nameEnHint')} value={nameEn} maxLength={CATEGORY_LIMITS.nameMax} onChange={(e) => setNameEn(e.target.value)} lang="en" />
        <SelectInput label={t('category.group')} value={group} onChange={(e) => setGroup(e.target.value)}>
          <option value="none">{t('category.withoutGroup')}</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectInput>
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={!trimInvisible(name)} loading={create.isPending || update.isPending}>
            {category ? t('common:save') : t('common:create')}
          </Button>
        </div>
      </form>
  );
}

/** Create or edit a group: name and an optional 4-row description. */
export function GroupDialog({
  open,
  onClose,
  groups,
  group,
  onError,
}: {
  open: boolean;
  onClose: () => void;
  /** my groups, for the warning about a name already used */
  groups: CategoryGroup[];
  group?: CategoryGroup;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation('categories');
  return (
    <Modal open={open} onClose={onClose} title={group ? t('group.editTitle') : t('group.createTitle')}>
      <GroupForm onClose={onClose} groups={groups} group={group} onError={onError} />
    </Modal>
  );
}

function GroupForm({ onClose, groups, group, onError }: { onClose: () => void; groups: CategoryGroup[]; group?: CategoryGroup; onError: (message: string) => void }) {
  const { t } = useTranslation('categories');
  const [name, setName] = useState(group?.name ?? '');
  const [nameEn, setNameEn] = useState(group?.name_en ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const create = useCreateGroup();
  const update = useUpdateGroup();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = trimInvisible(name);
    // editing: saving an empty name does nothing
    if (!trimmed) return;
    const body = { name: trimmed, name_en: trimInvisible(nameEn) || null, description: trimInvisible(description) || null };
    if (group) {
      update.mutate(
        { id: group.id, ...body },
        {
          onSuccess: onClose,
          onError: (err) => {
            console.error(err);
            onError(t('errors.updateGroup'));
          },
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: onClose,
        onError: (err) => {
          console.error(err);
          onError(`Error: ${errorMessage(err, t('errors.unknown'))}`);
        },
      });
    }
  };

  return (
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextInput
          label={t('group.name')}
          hint={alreadyTaken(name, groups, group?.id) ? t('duplicateName') : undefined}
          value={name}
          maxLength={CATEGORY_LIMITS.nameMax}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('group.namePlaceholder')}
          autoFocus
        />
        <TextInput label={t('nameEn')} hint={t('nameEnHint')} value={nameEn} maxLength={CATEGORY_LIMITS.nameMax} onChange={(e) => setNameEn(e.target.value)} lang="en" />
        <TextArea
          label={t('group.description')}
          value={description}
          maxLength={CATEGORY_LIMITS.groupDescriptionMax}
          rows={4}
          onChange={(e) => setDescription(e.target.value)}
          placeholder={t('group.descriptionPlaceholder')}
        />
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={!group && !trimInvisible(name)} loading={create.isPending || update.isPending}>
            {group ? t('common:save') : t('common:create')}
          </Button>
        </div>
      </form>
  );
}
