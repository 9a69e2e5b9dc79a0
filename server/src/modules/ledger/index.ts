/**
 * The ledger: every balance (energy, game currencies, resources) and the append-only record of
 * its changes. A balance is the sum of its ledger rows; changes run inside the caller's
 * transaction, so money moves together with what caused it (docs/PRODUCT-RULES.md, money).
 */
export {
  ASSETS,
  type Asset,
  applyLedger,
  energyUpdatedAt,
  getBalances,
  grantStartingBalances,
  hasAnyLedger,
  InsufficientBalanceError,
  type LedgerEntry,
  lockBalances,
  STARTING_BALANCES,
} from './ledger';
