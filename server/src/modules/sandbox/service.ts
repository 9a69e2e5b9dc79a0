import type { Author, AuthorLookup, SandboxList, SandboxNext } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { readerTranslator } from '../settings';
import { sandboxRepo } from './repo';
import { toPostcard } from '../postcards';

export const NO_AUTHOR = 'No author recorded for this postcard';

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
};
const onSite = (host: string | null, site: string) => !!host && (host === site || host.endsWith(`.${site}`));

/** The author's links, sorted by the networks the spec names. */
export function authorCredit(r: { author_name: string | null; author_url: string | null; source_site: string | null }): Author | null {
  if (!r.author_name && !r.author_url && !r.source_site) return null;
  const url = r.author_url && /^https?:\/\//i.test(r.author_url) ? r.author_url : null;
  const host = url ? hostOf(url) : null;
  const isPinterest = onSite(host, 'pinterest.com') || onSite(host, 'pinterest.ru') || onSite(host, 'pin.it');
  return {
    name: r.author_name,
    source_site: r.source_site,
    profile_url: url,
    pinterest_url: isPinterest ? url : null,
    tiktok_url: onSite(host, 'tiktok.com') ? url : null,
    instagram_url: onSite(host, 'instagram.com') ? url : null,
  };
}

/**
 * The community sandbox: signed-in users vote once on pending postcards of other users. Own
 * postcards are never served and cannot be voted on here; approved or banned ones are not in it.
 */
export function sandboxService(deps: Deps) {
  const { db } = deps;

  return {
    async next(userId: number): Promise<SandboxNext> {
      const row = await sandboxRepo.next(db, userId);
      return row
        ? { success: true, postcard: toPostcard(deps.storage, row), message: null }
        : { success: true, postcard: null, message: (await readerTranslator(db, userId, 'sandbox'))('emptyTitle') };
    },

    async list(userId: number, offset: number, limit: number): Promise<SandboxList> {
      const [rows, total] = await Promise.all([
        sandboxRepo.list(db, userId, offset, limit),
        sandboxRepo.countList(db, userId),
      ]);
      return {
        items: rows.map((r) => ({ ...toPostcard(deps.storage, r), user_vote: r.user_vote })),
        total,
        offset,
        limit,
      };
    },

    /** Author credit for the info modal; banned postcards are hidden from everyone but the moderator. */
    async author(user: AuthUser | null, postcardId: number): Promise<AuthorLookup> {
      const row = await sandboxRepo.credit(db, postcardId);
      if (!row || (row.is_banned && !user?.isModerator)) throw notFound('Postcard not found');
      const author = authorCredit(row);
      return author ? { success: true, author, message: null } : { success: false, author: null, message: NO_AUTHOR };
    },
  };
}
