/** One running number, so every factory row gets a distinct, readable name. */
let n = 0;
export const nextSeq = () => (n += 1);
export const now = () => new Date().toISOString();
