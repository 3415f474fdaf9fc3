import {
	pollTurn,
	COMMIT_GRACE_MS,
	MAX_POLL_MS,
	pollEmitted,
	pollEnded,
} from '../../../nodes/FileStorageTrigger/overlap';

// each test its own trigger: the memory is the module's, shared by every poll of the process
let triggers = 0;
const newTrigger = () => `workflow-${++triggers}/node`;

describe('overlapping polls of one trigger', () => {
	it('a poll that starts while another poll of its trigger runs stands down; other triggers are not affected', () => {
		const trigger = newTrigger();
		expect(pollTurn(trigger, 'w0', 1_000)).toBe('run');
		expect(pollTurn(trigger, 'w0', 1_100)).toBe('overlapping');
		expect(pollTurn(trigger, 'w1', 1_100)).toBe('overlapping');
		expect(pollTurn(newTrigger(), 'w0', 1_100)).toBe('run');
		pollEnded(trigger, 1_200);
		expect(pollTurn(trigger, 'w0', 1_300)).toBe('run');
	});

	it('after an emitting poll, a poll holding its starting window stands down until the commit grace has passed', () => {
		const trigger = newTrigger();
		expect(pollTurn(trigger, 'w0', 0)).toBe('run');
		pollEmitted(trigger, 'w0', 500);
		pollEnded(trigger, 600);
		expect(pollTurn(trigger, 'w0', 600 + 1_000)).toBe('repeat');
		expect(pollTurn(trigger, 'w0', 500 + COMMIT_GRACE_MS - 1)).toBe('repeat');
		// the committed window is another one: that poll runs
		expect(pollTurn(trigger, 'w1', 700)).toBe('run');
		pollEnded(trigger, 800);
		// the emitting poll's window was never committed: past the grace the items are delivered again
		expect(pollTurn(trigger, 'w0', 500 + COMMIT_GRACE_MS)).toBe('run');
	});

	it('a poll that ended without emitting leaves nothing behind', () => {
		const trigger = newTrigger();
		expect(pollTurn(trigger, 'w0', 0)).toBe('run');
		pollEnded(trigger, 100);
		expect(pollTurn(trigger, 'w0', 200)).toBe('run');
	});

	it('a running mark older than any poll can take does not block the trigger', () => {
		const trigger = newTrigger();
		expect(pollTurn(trigger, 'w0', 0)).toBe('run');
		expect(pollTurn(trigger, 'w0', MAX_POLL_MS - 1)).toBe('overlapping');
		expect(pollTurn(trigger, 'w0', MAX_POLL_MS)).toBe('run');
	});
});
