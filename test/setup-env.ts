import '../support/engine/userFolder';
