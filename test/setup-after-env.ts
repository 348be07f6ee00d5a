import { shutdownEngine } from '../support/engine/engine';
import { removeUserFolder } from '../support/engine/userFolder';

afterAll(() => {
	shutdownEngine();
	removeUserFolder();
});
