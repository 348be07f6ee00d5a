import { shutdownEngine } from './harness/engine';

afterAll(() => shutdownEngine());
