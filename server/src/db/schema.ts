import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The one database interface. Conventions (same on SQLite and PostgreSQL):
 * - timestamps are ISO-8601 UTC strings (`toISOString()`), so they sort and compare as text;
 * - booleans are integers 0/1;
 * - money-like amounts are integers.
 */
type Id = Generated<number>;
type Timestamp = string;
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Id;
  email: string | null;
  login: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  password_hash: string | null;
  telegram_id: string | null;
  auth_type: 'local' | 'telegram';
  created_at: Timestamp;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp;
}

export interface SettingsTable {
  user_id: number;
  key: string;
  /** JSON-encoded value */
  value: string;
  updated_at: Timestamp;
}

/** Channels (the spec's "collections"). */
export interface CollectionsTable {
  id: Id;
  user_id: number;
  name: string;
  description: string | null;
  created_at: Timestamp;
}

export interface SubscriptionsTable {
  collection_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface CategoryGroupsTable {
  id: Id;
  user_id: number;
  name: string;
  description: string | null;
  position: number | null;
  created_at: Timestamp;
}

export interface CategoriesTable {
  id: Id;
  user_id: number;
  name: string;
  group_id: number | null;
  position: number | null;
  created_at: Timestamp;
}

/** A stored media file a user uploaded; the bytes live in storage under `storage_key` (content-addressed). */
export interface UploadsTable {
  id: Id;
  user_id: number;
  file_name: string;
  hash: string;
  storage_key: string;
  mime: string;
  kind: 'image' | 'gif' | 'video';
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  has_poster: Flag;
  uploaded_at: Timestamp;
}

/** Postcards (the spec's "image relations"): an upload placed in a channel. */
export interface ImageRelationsTable {
  id: Id;
  user_id: number;
  collection_id: number;
  upload_id: number | null;
  category_id: number | null;
  title: string | null;
  description: string | null;
  file_name: string | null;
  storage_key: string;
  media_kind: 'image' | 'gif' | 'video';
  width: number | null;
  height: number | null;
  is_approved: Flag;
  is_banned: Flag;
  likes_count: Generated<number>;
  rejects_count: Generated<number>;
  views_count: Generated<number>;
  bookmarks_count: Generated<number>;
  author_name: string | null;
  author_url: string | null;
  source_site: string | null;
  created_at: Timestamp;
  moderated_at: Timestamp | null;
}

export interface VotesTable {
  image_relation_id: number;
  user_id: number;
  vote_type: 'like' | 'reject';
  created_at: Timestamp;
}

export interface BookmarksTable {
  id: Id;
  user_id: number;
  image_relation_id: number;
  created_at: Timestamp;
}

export interface ComplaintsTable {
  id: Id;
  image_relation_id: number;
  user_id: number | null;
  reason: string;
  comment: string | null;
  status: 'open' | 'banned' | 'dismissed';
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}

export interface GreetingsTable {
  id: Id;
  /** unguessable id used in every link */
  public_id: string;
  user_id: number;
  image_relation_id: number;
  to_whom: string;
  greeting: string;
  from_whom: string;
  background_first_page: string;
  background_greeting_page: string;
  /** gift escrowed at creation */
  energy: number;
  gift_paid_to: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AcceptedGreetingsTable {
  id: Id;
  greeting_id: number;
  user_id: number;
  to_whom: string;
  greeting: string;
  from_whom: string;
  energy_received: number;
  accepted_at: Timestamp;
  /** the sender removed it from their "received" list */
  hidden_by_sender: Flag;
}

/** Current balance per user and asset; always equal to the sum of the ledger rows. */
export interface BalancesTable {
  user_id: number;
  asset: string;
  amount: number;
  updated_at: Timestamp;
}

/** Append-only record of every change of a balance. */
export interface LedgerTable {
  id: Id;
  user_id: number;
  asset: string;
  delta: number;
  reason: string;
  ref_type: string | null;
  ref_id: string | null;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Id;
  user_id: number;
  type: string;
  title: string;
  message: string;
  bg_color: string | null;
  color: string | null;
  /** JSON array of actions */
  actions: string;
  is_read: Flag;
  created_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  collections: CollectionsTable;
  subscriptions: SubscriptionsTable;
  category_groups: CategoryGroupsTable;
  categories: CategoriesTable;
  uploads: UploadsTable;
  image_relations: ImageRelationsTable;
  votes: VotesTable;
  bookmarks: BookmarksTable;
  complaints: ComplaintsTable;
  greetings: GreetingsTable;
  accepted_greetings: AcceptedGreetingsTable;
  balances: BalancesTable;
  ledger: LedgerTable;
  notifications: NotificationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ImageRelationRow = Selectable<ImageRelationsTable>;

// ── 0002_collection (interface merging: these add columns to the tables above) ──
export interface UploadsTable {
  /** the file name lower-cased in the app, for case-insensitive search on both databases */
  search_name: string | null;
}
export interface ImageRelationsTable {
  /** 0 when the postcard has no previews (a video stored while ffmpeg was missing) */
  has_preview: Flag;
}

// ── 0003_votes_moderation ──
/** Which game rewards were already reported per (user, action, postcard): each is earned once. */
export interface RewardedActionsTable {
  user_id: number;
  action: string;
  ref_id: number;
  created_at: Timestamp;
}

export interface DB {
  rewarded_actions: RewardedActionsTable;
}

// ─── game layer (migration 0005) ──────────────────────────────────────────────────────────────

/** Per-user game state. Every game write locks this row first (bumping `version`), so one user's game changes run one at a time. */
export interface GameStateTable {
  user_id: number;
  level: number;
  /** yin has been regenerated up to this moment */
  yin_regen_at: Timestamp;
  /** 1 while the player is in the top 100 (a notification fires on entering) */
  in_top: Flag;
  /** reset day ('YYYY-MM-DD') of the last daily reward */
  daily_day: string | null;
  daily_streak: number;
  version: number;
  updated_at: Timestamp;
}

/** Sums of game-action amounts: period 'total' (achievements) or a reset day 'YYYY-MM-DD' (quests, daily limits). */
export interface GameCountersTable {
  user_id: number;
  period: string;
  metric: string;
  value: number;
}

export interface GameQuestClaimsTable {
  user_id: number;
  day: string;
  quest_key: string;
  claimed_at: Timestamp;
}

export interface GameAchievementsTable {
  user_id: number;
  achievement_key: string;
  unlocked_at: Timestamp;
}

/** A spin timed by the server: started when the hold begins, finished (once) on release. */
export interface GameSpinsTable {
  id: Id;
  user_id: number;
  token: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  seconds: number | null;
  yang: number | null;
  yin: number | null;
}

/** Every crystal a player drew; the collection is this table grouped by crystal. */
export interface CrystalDrawsTable {
  id: Id;
  user_id: number;
  crystal_key: string;
  amount: number;
  created_at: Timestamp;
}

/** A player's level of a production card (absent = level 1). */
export interface ProductionCardsTable {
  user_id: number;
  card_type: string;
  level: number;
  updated_at: Timestamp;
}

/** One production run: paid at start, ready at `ready_at`, paid out once at `collected_at`. */
export interface ProductionRunsTable {
  id: Id;
  user_id: number;
  card_type: string;
  card_level: number;
  resource_type: string;
  quantity: number;
  started_at: Timestamp;
  ready_at: Timestamp;
  collected_at: Timestamp | null;
  /** when the production_complete notification was written */
  notified_at: Timestamp | null;
}

export interface DB {
  game_state: GameStateTable;
  game_counters: GameCountersTable;
  game_quest_claims: GameQuestClaimsTable;
  game_achievements: GameAchievementsTable;
  game_spins: GameSpinsTable;
  crystal_draws: CrystalDrawsTable;
  production_cards: ProductionCardsTable;
  production_runs: ProductionRunsTable;
}

// ── 0008_notification_template ──
export interface NotificationsTable {
  /** JSON `{key, params}` the title and message were written from (null for older rows) */
  template: string | null;
}

// ── 0010_jobs ──
export interface JobsTable {
  id: Generated<number>;
  /** a domain event type or a scheduled job type (events/catalogue.ts) */
  type: string;
  /** JSON */
  payload: string;
  run_at: Timestamp;
  attempts: Generated<number>;
  /** a worker holds it until then */
  locked_until: Timestamp | null;
  done_at: Timestamp | null;
  last_error: string | null;
  /** at most one waiting job per key (e.g. `energy_full:5`): a unique index since 0070 */
  unique_key: string | null;
  created_at: Timestamp;
}

export interface JobHandledTable {
  job_id: number;
  handler: string;
  handled_at: Timestamp;
}

export interface DB {
  jobs: JobsTable;
  job_handled: JobHandledTable;
}

// ── 0050_greeting_tracking ──
export interface GreetingsTable {
  /** first opened by someone other than the sender */
  opened_at: Timestamp | null;
  /** counted opens (not the sender's, not repeats within GREETING_TRACKING.repeatOpenWindowMs) */
  open_count: ColumnType<number, number | undefined, number>;
  /** first accepted */
  accepted_at: Timestamp | null;
  /** a scheduled greeting shows nothing of itself to anyone but its sender until then */
  opens_at: Timestamp | null;
  /** the sender's IANA timezone, for showing `opens_at` */
  opens_tz: string | null;
  // ── 0074_greeting_hold ──
  /** 'group' (a group card collecting signatures) or 'payment' (its Telegram gift unpaid); null: released */
  held_for: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The last counted open of each viewer of a greeting. */
export interface GreetingOpensTable {
  greeting_id: number;
  viewer: string;
  counted_at: Timestamp;
}

/** Thank-you replies: one per acceptor and greeting. */
export interface GreetingRepliesTable {
  id: Generated<number>;
  greeting_id: number;
  user_id: number;
  reaction: string | null;
  text: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  greeting_opens: GreetingOpensTable;
  greeting_replies: GreetingRepliesTable;
}

// ── 0030_postcard_source_url, 0031_postcard_views ──
export interface ImageRelationsTable {
  /** the link to the original (http/https) */
  source_url: string | null;
  /** greetings made from the postcard */
  reposts_count: Generated<number>;
}

/** A postcard seen by a viewer (`u:{userId}` or `ip:{address}`) on a day ('YYYY-MM-DD', UTC): counted once. */
export interface PostcardViewsTable {
  image_relation_id: number;
  viewer: string;
  day: string;
}

export interface DB {
  postcard_views: PostcardViewsTable;
}

// ── 0032_category_names_en ──
export interface CategoriesTable {
  /** the name shown in the English UI (the Russian `name` when null) */
  name_en: string | null;
}
export interface CategoryGroupsTable {
  name_en: string | null;
}

// ── 0063_renditions ──
/** RENDITIONS: 0 pending, 1 made, -1 impossible (the file is missing or unreadable). */
export interface UploadsTable {
  renditions: Generated<number>;
}
export interface ImageRelationsTable {
  renditions: Generated<number>;
}

// ── 0067_greeting_idempotency_key ──
export interface GreetingsTable {
  /** the client's key for the attempt that created it: one greeting per (sender, key) */
  idempotency_key: ColumnType<string | null, string | null | undefined, never>;
}

// ── 0068_telegram_updates ──
/** A bot update taken by webhook: claimed by the instance answering it, handled once it has been. */
export interface TelegramUpdatesTable {
  update_id: number;
  claimed_at: string;
  handled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DB {
  telegram_updates: TelegramUpdatesTable;
}

// ── 0069_telegram_notice_messages ──
/** The bot's message telling a Telegram user of a notice: edited when the notice is rewritten. */
export interface TelegramNoticeMessagesTable {
  notification_id: number;
  chat_id: string;
  message_id: number;
  sent_at: string;
}

export interface DB {
  telegram_notice_messages: TelegramNoticeMessagesTable;
}

// ── 0070_jobs_dead_letter ──
export interface JobsTable {
  /** its last allowed attempt failed (jobs/runner.ts MAX_JOB_ATTEMPTS): never claimed again until retried */
  dead_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

// ── 0071_calendar ──
/** A date a user keeps (a person's birthday, an anniversary, …) with its reminders. */
export interface PersonDatesTable {
  id: Id;
  user_id: number;
  person_name: string;
  kind: string;
  day: number;
  month: number;
  year: number | null;
  note: string | null;
  /** JSON array of whole days before the date, ascending */
  remind_days_before: string;
  /** local time of the reminders, HH:MM */
  remind_time: string;
  /** IANA zone the reminders keep their local time in */
  time_zone: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A user's private calendar feed: whoever has the secret reads it. */
export interface CalendarFeedsTable {
  user_id: number;
  secret: string;
  /** JSON array of the holiday kinds it carries besides the user's dates */
  holiday_kinds: string;
  created_at: Timestamp;
}

export interface DB {
  person_dates: PersonDatesTable;
  calendar_feeds: CalendarFeedsTable;
}

// ── 0075_group_greetings ──
/** A group card's group: its invite and its delivery (docs/PRODUCT-RULES.md, group cards). */
export interface GreetingGroupsTable {
  greeting_id: number;
  invite: string;
  delivered_at: Timestamp | null;
  /** the contributions' gifts were given back: nobody accepted the card in time */
  expired_at: Timestamp | null;
  created_at: Timestamp;
}

/** One signature of a group card, with its own escrowed gift. */
export interface GreetingContributionsTable {
  id: Id;
  greeting_id: number;
  user_id: number;
  from_whom: string;
  message: string;
  energy: number;
  /** the recipient, or the author when given back; null while held (set once by a guarded update) */
  gift_settled_to: number | null;
  /** 1: given back to its author; 0: held, or paid to the acceptor (who may be its author) */
  gift_refunded: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A report about a contribution; resolved by the moderator's decision. */
export interface ContributionReportsTable {
  id: Id;
  contribution_id: number;
  user_id: number | null;
  reason: string;
  comment: string | null;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}

export interface DB {
  greeting_groups: GreetingGroupsTable;
  greeting_contributions: GreetingContributionsTable;
  contribution_reports: ContributionReportsTable;
}

// ── 0077_picture_claims ──
/** Who is drawing a picture: the instance that claimed its content hash, until `claimed_until`. */
export interface PictureClaimsTable {
  hash: string;
  claimed_at: Timestamp;
  claimed_until: Timestamp;
}

export interface DB {
  picture_claims: PictureClaimsTable;
}

// ── 0076_stars_orders ──
/** What a user buys for Telegram Stars, and its state (docs/PRODUCT-RULES.md, Stars). */
export interface StarsOrdersTable {
  id: Id;
  user_id: number;
  buyer_telegram_id: string;
  lang: string;
  /** 'telegram_gift' | 'energy_pack' */
  item: string;
  item_id: string;
  greeting_id: number | null;
  star_count: number;
  /** created | paid | delivered | refunded | expired */
  state: string;
  invoice_url: string | null;
  telegram_payment_charge_id: string | null;
  recipient_user_id: number | null;
  recipient_telegram_id: string | null;
  gift_text: string | null;
  /** the call to Telegram that ends a paid order, claimed before it is made: 'send' | 'refund' */
  outside: string | null;
  outside_at: Timestamp | null;
  refund_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  expires_at: Timestamp;
}

/** Every change of an order's state. */
export interface StarsOrderTransitionsTable {
  id: Id;
  order_id: number;
  from_state: string | null;
  to_state: string;
  reason: string | null;
  at: Timestamp;
}

/** The nightly reconciliation against Telegram's Star transactions. */
export interface StarsReconciliationsTable {
  id: Id;
  at: Timestamp;
  transactions: number;
  problem_count: number;
  problems: string;
}

export interface DB {
  stars_orders: StarsOrdersTable;
  stars_order_transitions: StarsOrderTransitionsTable;
  stars_reconciliations: StarsReconciliationsTable;
}
