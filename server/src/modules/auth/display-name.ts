/** How a user is called to others: one rule, in the contract, for the server and the web app. */
export { displayName, type NameFields } from '@otkrytka/contract/rules/auth';
