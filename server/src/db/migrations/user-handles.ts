import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Fills `user_handles` from `users` (which must have no handle triggers at the time), resolving
 * clashes oldest account first: emails are lower-cased; a later account whose login clashes keeps
 * signing in by email and gets the login `<login>_<id>`; a later duplicate email is cleared.
 * Used by migrations 0020 and 0021.
 */
export async function fillHandles(db: Kysely<any>): Promise<void> {
  const users = await sql<{ id: number; login: string | null; email: string | null }>`
    select id, login, lower(email) as email from users order by id`.execute(db);
  const taken = new Map<string, number>();
  const lowerOf = async (s: string) => (await sql<{ l: string }>`select lower(${s}) as l`.execute(db)).rows[0]!.l;
  // emails first: an address is the stronger claim on a handle than a login typed to match it
  for (const u of users.rows) {
    if (!u.email) continue;
    if (taken.has(u.email)) {
      await sql`update users set email = null where id = ${u.id}`.execute(db);
      u.email = null;
      continue;
    }
    taken.set(u.email, u.id);
    await sql`update users set email = ${u.email} where id = ${u.id}`.execute(db);
  }
  for (const u of users.rows) {
    if (!u.login) continue;
    let login = u.login;
    let handle = await lowerOf(login);
    while (taken.has(handle) && taken.get(handle) !== u.id) {
      login = `${login}_${u.id}`;
      handle = await lowerOf(login);
    }
    if (login !== u.login) await sql`update users set login = ${login} where id = ${u.id}`.execute(db);
    taken.set(handle, u.id);
  }
  for (const [handle, userId] of taken) {
    await sql`insert into user_handles (handle, user_id) values (${handle}, ${userId})`.execute(db);
  }
}

/** Keeps `user_handles` in step with every insert and login/email update of `users`. */
export async function createHandleTriggers(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      create function users_handles_sync() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then delete from user_handles where user_id = new.id; end if;
        if new.login is not null then insert into user_handles (handle, user_id) values (lower(new.login), new.id); end if;
        if new.email is not null and lower(new.email) is distinct from lower(new.login) then
          insert into user_handles (handle, user_id) values (lower(new.email), new.id);
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger users_handles_ins after insert on users for each row execute function users_handles_sync()`.execute(db);
    await sql`create trigger users_handles_upd after update of login, email on users for each row execute function users_handles_sync()`.execute(db);
  } else {
    const inserts = sql.raw(`
        insert into user_handles (handle, user_id) select lower(new.login), new.id where new.login is not null;
        insert into user_handles (handle, user_id) select lower(new.email), new.id
          where new.email is not null and (new.login is null or lower(new.email) <> lower(new.login));`);
    await sql`create trigger users_handles_ins after insert on users begin ${inserts} end`.execute(db);
    await sql`create trigger users_handles_upd after update of login, email on users begin
        delete from user_handles where user_id = new.id; ${inserts} end`.execute(db);
  }
}

export async function dropHandleTriggers(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists users_handles_ins on users`.execute(db);
    await sql`drop trigger if exists users_handles_upd on users`.execute(db);
    await sql`drop function if exists users_handles_sync()`.execute(db);
  } else {
    await sql`drop trigger if exists users_handles_ins`.execute(db);
    await sql`drop trigger if exists users_handles_upd`.execute(db);
  }
}
