// The one seam every request goes through: the wire, and the flow where requests take turns.
export { accountGate, type FlowShare } from './flow/gate';
export * from './wire';
