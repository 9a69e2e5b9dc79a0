import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/** The whole first schema: accounts, channels, postcards, greetings, game ledger, notifications. */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));
  const ts = 'text';
  const now = (c: any) => c.notNull();

  await table('users')
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('login', 'text', (c) => c.unique())
    .addColumn('username', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('telegram_id', 'text', (c) => c.unique())
    .addColumn('auth_type', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, now)
    .execute();

  await table('sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, now)
    .addColumn('expires_at', ts, now)
    .addColumn('last_used_at', ts, now)
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', ts, now)
    .addPrimaryKeyConstraint('settings_pk', ['user_id', 'key'])
    .execute();

  await table('collections')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', ts, now)
    .execute();
  await db.schema.createIndex('collections_user').on('collections').column('user_id').execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, now)
    .addPrimaryKeyConstraint('subscriptions_pk', ['collection_id', 'user_id'])
    .execute();
  await db.schema.createIndex('subscriptions_user').on('subscriptions').columns(['user_id', 'collection_id']).execute();

  await table('category_groups')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer')
    .addColumn('created_at', ts, now)
    .execute();
  await db.schema.createIndex('category_groups_user').on('category_groups').column('user_id').execute();

  await table('categories')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.references('category_groups.id').onDelete('set null'))
    .addColumn('position', 'integer')
    .addColumn('created_at', ts, now)
    .execute();
  await db.schema.createIndex('categories_user').on('categories').column('user_id').execute();
  await db.schema.createIndex('categories_group').on('categories').column('group_id').execute();

  await table('uploads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('has_poster', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uploaded_at', ts, now)
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').columns(['user_id', 'uploaded_at']).execute();
  await db.schema.createIndex('uploads_hash').on('uploads').column('hash').execute();

  await table('image_relations')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('upload_id', 'integer', (c) => c.references('uploads.id').onDelete('set null'))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('restrict'))
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('file_name', 'text')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('media_kind', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('is_approved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_banned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejects_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bookmarks_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_name', 'text')
    .addColumn('author_url', 'text')
    .addColumn('source_site', 'text')
    .addColumn('created_at', ts, now)
    .addColumn('moderated_at', ts)
    .execute();
  // gallery / channel listings: approved postcards of a channel, newest or most liked first
  await db.schema
    .createIndex('ir_collection_state_created')
    .on('image_relations')
    .columns(['collection_id', 'is_approved', 'is_banned', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('ir_collection_state_likes')
    .on('image_relations')
    .columns(['collection_id', 'is_approved', 'is_banned', 'likes_count', 'id'])
    .execute();
  await db.schema.createIndex('ir_category').on('image_relations').columns(['category_id', 'created_at']).execute();
  await db.schema.createIndex('ir_user').on('image_relations').column('user_id').execute();
  await db.schema.createIndex('ir_pending').on('image_relations').columns(['is_approved', 'is_banned', 'id']).execute();

  await db.schema
    .createTable('votes')
    .addColumn('image_relation_id', 'integer', (c) => c.notNull().references('image_relations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vote_type', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, now)
    .addPrimaryKeyConstraint('votes_pk', ['image_relation_id', 'user_id'])
    .execute();
  await db.schema.createIndex('votes_user').on('votes').columns(['user_id', 'image_relation_id']).execute();
  await db.schema.createIndex('votes_created').on('votes').columns(['created_at', 'image_relation_id']).execute();

  await table('bookmarks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('image_relation_id', 'integer', (c) => c.notNull().references('image_relations.id').onDelete('cascade'))
    .addColumn('created_at', ts, now)
    .addUniqueConstraint('bookmarks_user_postcard', ['user_id', 'image_relation_id'])
    .execute();
  await db.schema.createIndex('bookmarks_user_created').on('bookmarks').columns(['user_id', 'created_at']).execute();

  await table('complaints')
    .addColumn('image_relation_id', 'integer', (c) => c.notNull().references('image_relations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', ts, now)
    .addColumn('resolved_at', ts)
    .execute();
  await db.schema.createIndex('complaints_status').on('complaints').columns(['status', 'image_relation_id']).execute();

  await table('greetings')
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('image_relation_id', 'integer', (c) => c.notNull().references('image_relations.id').onDelete('cascade'))
    .addColumn('to_whom', 'text', (c) => c.notNull())
    .addColumn('greeting', 'text', (c) => c.notNull())
    .addColumn('from_whom', 'text', (c) => c.notNull())
    .addColumn('background_first_page', 'text', (c) => c.notNull())
    .addColumn('background_greeting_page', 'text', (c) => c.notNull())
    .addColumn('energy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gift_paid_to', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, now)
    .addColumn('updated_at', ts, now)
    .execute();
  await db.schema.createIndex('greetings_user_created').on('greetings').columns(['user_id', 'created_at']).execute();

  await table('accepted_greetings')
    .addColumn('greeting_id', 'integer', (c) => c.notNull().references('greetings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_whom', 'text', (c) => c.notNull())
    .addColumn('greeting', 'text', (c) => c.notNull())
    .addColumn('from_whom', 'text', (c) => c.notNull())
    .addColumn('energy_received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accepted_at', ts, now)
    .addColumn('hidden_by_sender', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('accepted_greeting_user', ['greeting_id', 'user_id'])
    .execute();
  await db.schema.createIndex('accepted_user').on('accepted_greetings').columns(['user_id', 'accepted_at']).execute();

  await db.schema
    .createTable('balances')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('updated_at', ts, now)
    .addPrimaryKeyConstraint('balances_pk', ['user_id', 'asset'])
    .execute();

  await table('ledger')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', 'text')
    .addColumn('created_at', ts, now)
    .execute();
  await db.schema.createIndex('ledger_user_asset').on('ledger').columns(['user_id', 'asset', 'id']).execute();
  await db.schema.createIndex('ledger_ref').on('ledger').columns(['ref_type', 'ref_id']).execute();

  await table('notifications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('bg_color', 'text')
    .addColumn('color', 'text')
    .addColumn('actions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, now)
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'is_read', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('the first migration is not reversible');
}
