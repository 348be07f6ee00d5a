// The run of the node's items (items.ts has the rules); it knows no operation by name.
export { runItems } from './items';
