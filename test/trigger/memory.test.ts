// The trigger's memory as a pure rule: which records are new, and what is kept for the next poll.
import { nextMemory, sameMemory } from '../../nodes/OutreachTrigger/memory';

describe("the trigger's memory", () => {
	it('a record listed for the first time is new; one listed before is not', () => {
		const memory = nextMemory(['a', 'b'], ['a', 'b', 'c'], 10);
		expect(['a', 'b', 'c'].map(memory.isNew)).toEqual([false, false, true]);
		expect(memory.ids).toEqual(['a', 'b', 'c']);
	});

	it('keeps IDs that left the list before the current ones, so a record that returns is not new', () => {
		const hidden = nextMemory(['a', 'b', 'c'], ['a', 'c'], 10);
		expect(hidden.ids).toEqual(['b', 'a', 'c']);
		const back = nextMemory(hidden.ids, ['a', 'b', 'c'], 10);
		expect(back.isNew('b')).toBe(false);
		expect(back.ids).toEqual(['a', 'b', 'c']);
	});

	it('forgets the IDs that left longest ago first, keeping at most its bound', () => {
		const memory = nextMemory(['old', 'older', 'x', 'current'], ['current'], 2);
		expect(memory.ids).toEqual(['older', 'x', 'current']);
		expect(nextMemory(['gone'], [], 0).ids).toEqual([]);
	});

	it('drops what is not an ID from stored memory, and treats no memory as empty', () => {
		expect(nextMemory(['a', 7, null, { id: 'b' }], ['a'], 10).ids).toEqual(['a']);
		expect(nextMemory('corrupt', ['a'], 10).isNew('a')).toBe(true);
	});

	it('tells whether the memory changed, so n8n saves it only then', () => {
		expect(sameMemory(['a', 'b'], ['a', 'b'])).toBe(true);
		expect(sameMemory(['a', 'b'], ['b', 'a'])).toBe(false);
		expect(sameMemory(['a'], undefined)).toBe(false);
	});
});
