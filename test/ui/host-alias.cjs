/**
 * Preload (NODE_OPTIONS=--require) of n8n in `npm run ui:screenshots` and of one queue-suite worker: connections to
 * an aliased `name:port` (UI_HOST_ALIAS: `name:port=127.0.0.1:port`, comma separated) go to 127.0.0.1 instead,
 * rewritten where a socket connects, so no privileged port or /etc/hosts entry is needed; TLS still checks the name.
 */
'use strict';

const dns = require('node:dns');
const net = require('node:net');

/** `name:port` → { host, port } */
const aliases = new Map();
for (const pair of (process.env.UI_HOST_ALIAS || '').split(',').filter(Boolean)) {
	const [from, to] = pair.split('=');
	const [toHost, toPort] = to.split(':');
	aliases.set(from.toLowerCase(), { host: toHost, port: Number(toPort) });
}
const names = new Set([...aliases.keys()].map((key) => key.split(':')[0]));

function aliasOf(host, port) {
	if (typeof host !== 'string') return undefined;
	return aliases.get(`${host.toLowerCase()}:${Number(port)}`);
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
	// net.connect() passes its normalized [options, callback]; sockets are also connected with (options, callback)
	// or (port, host, callback)
	let options;
	let rest;
	if (Array.isArray(args[0])) [options, ...rest] = args[0];
	else if (args[0] !== null && typeof args[0] === 'object') [options, ...rest] = args;
	else if (typeof args[1] === 'string') {
		options = { port: args[0], host: args[1] };
		rest = args.slice(2);
	}
	const target = options && aliasOf(options.host, options.port);
	if (!target) return connect.apply(this, args);
	return connect.call(this, { ...options, host: target.host, port: target.port }, ...rest);
};

// a lookup of the name on its own (before a connection) finds the sandbox's address too
const lookup = dns.lookup;
dns.lookup = function (hostname, options, callback) {
	if (typeof hostname !== 'string' || !names.has(hostname.toLowerCase()))
		return lookup.call(this, hostname, options, callback);
	const done = typeof options === 'function' ? options : callback;
	const all = typeof options === 'object' && options !== null && options.all;
	process.nextTick(() =>
		all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4),
	);
	return {};
};
