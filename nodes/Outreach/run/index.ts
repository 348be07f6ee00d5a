// The run of the node's items: built from the operation's declaration, checked against the
// guardrails, sent through the transport and ended (items.ts has the rules). It knows no operation by
// name.
export { runItems } from './items';
