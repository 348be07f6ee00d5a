/**
 * The run of the node's items: each item's request built from its operation's declaration
 * (build.ts), checked against the guardrails, sent through the transport in input order, and ended
 * as output or as an error paired with its input (items.ts has the rules). It knows operations only
 * by their declared shape (actions/operation.ts), never one operation by name.
 */
export { runItems } from './items';
