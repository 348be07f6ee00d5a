import { Container } from '@n8n/di';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';

// n8n-core's SSH client manager keeps a cleanup interval that n8n stops on shutdown; stop it here too,
// or the test process never exits.
afterAll(() => {
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
});
