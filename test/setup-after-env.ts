import { shutdownEngine } from '../support/engine/engine';

afterAll(() => shutdownEngine());
