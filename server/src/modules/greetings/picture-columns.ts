/** Columns of migration 0073 on `greetings` (interface merging, as db/schema.ts does per migration). */
declare module '../../db/schema' {
  interface GreetingsTable {
    /** JSON of the contract's Caption; null: no caption */
    caption: string | null;
    /** 1/0 the sender's footer choice; null: the default (on with a gift) */
    picture_footer: number | null;
  }
}
export {};
