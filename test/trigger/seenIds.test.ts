// The trigger's seen IDs as a pure rule: which records are new, and what is kept for the next poll.
import { nextSeenIds, sameIds } from '../../nodes/OutreachTrigger/seenIds';

describe("the trigger's seen IDs", () => {
	it('a record listed for the first time is new; one listed before is not', () => {
		const memory = nextSeenIds(['a', 'b'], ['a', 'b', 'c'], 10);
		expect(['a', 'b', 'c'].map(memory.isNew)).toEqual([false, false, true]);
		expect(memory.ids).toEqual(['a', 'b', 'c']);
	});

	it('keeps IDs that left the list before the current ones, so a record that returns is not new', () => {
		const hidden = nextSeenIds(['a', 'b', 'c'], ['a', 'c'], 10);
		expect(hidden.ids).toEqual(['b', 'a', 'c']);
		const back = nextSeenIds(hidden.ids, ['a', 'b', 'c'], 10);
		expect(back.isNew('b')).toBe(false);
		expect(back.ids).toEqual(['a', 'b', 'c']);
	});

	it('forgets the IDs that left longest ago first, keeping at most its bound', () => {
		const memory = nextSeenIds(['old', 'older', 'x', 'current'], ['current'], 2);
		expect(memory.ids).toEqual(['older', 'x', 'current']);
		expect(nextSeenIds(['gone'], [], 0).ids).toEqual([]);
	});

	it('drops what is not an ID from stored memory, and treats no memory as empty', () => {
		expect(nextSeenIds(['a', 7, null, { id: 'b' }], ['a'], 10).ids).toEqual(['a']);
		expect(nextSeenIds('corrupt', ['a'], 10).isNew('a')).toBe(true);
	});

	it('tells whether the memory changed, so n8n saves it only then', () => {
		expect(sameIds(['a', 'b'], ['a', 'b'])).toBe(true);
		expect(sameIds(['a', 'b'], ['b', 'a'])).toBe(false);
		expect(sameIds(['a'], undefined)).toBe(false);
	});
});
