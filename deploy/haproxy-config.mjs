#!/usr/bin/env node
// Writes an HAProxy (Debian 12's 2.6) configuration for N Afiliados servers to stdout:
//
//   node deploy/haproxy-config.mjs --server 127.0.0.1:3001 --server 127.0.0.1:3002 > /etc/haproxy/haproxy.cfg
//
// deploy/README.md says how to run it; deploy/haproxy.cfg is its output for two servers.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = `usage: node deploy/haproxy-config.mjs --server HOST:PORT [--server HOST:PORT ...]
  [--bind ADDRESS:PORT]     where HAProxy listens (default :80)
  [--stats ADDRESS:PORT]    a read-only stats page at /stats on its own port (default: none)
  [--check-interval MS]     how often each server's /api/v1/ready is asked (default 2000)
  [--local]                 run unprivileged in the foreground (no chroot, user, syslog or admin socket): tests
  [--served-by]             name the answering server in an X-Served-By response header: tests, debugging`;

/** @param {{ servers: string[], bind?: string, stats?: string, checkIntervalMs?: number, local?: boolean, servedBy?: boolean }} options */
export function haproxyConfig({
  servers,
  bind = ':80',
  stats,
  checkIntervalMs = 2000,
  local = false,
  servedBy = false,
}) {
  if (servers.length === 0) throw new Error('at least one --server HOST:PORT');
  for (const server of [...servers, bind, ...(stats ? [stats] : [])]) {
    if (!/^[\w.:[\]-]*:\d{1,5}$/.test(server)) throw new Error(`not an ADDRESS:PORT: ${server}`);
  }
  const inter = Math.max(100, Math.round(checkIntervalMs));
  const names = servers.map((_, i) => `app${i + 1}`);
  const global = local
    ? ['global', '    log stdout format raw local0 notice']
    : [
        'global',
        '    log /dev/log local0',
        '    log /dev/log local1 notice',
        '    chroot /var/lib/haproxy',
        '    stats socket /run/haproxy/admin.sock mode 660 level admin',
        '    stats timeout 30s',
        '    user haproxy',
        '    group haproxy',
        '    daemon',
      ];
  return `# HAProxy ${'>'}= 2.6 in front of ${servers.length} Afiliados server(s): written by deploy/haproxy-config.mjs.
# Each server runs with TRUST_PROXY naming this proxy's address (127.0.0.1 here) and one shared
# PUBLIC_URL: the address people reach this proxy at (README, "Behind a proxy").
${global.join('\n')}

defaults
    log global
    mode http
    option httplog
    option dontlognull
    timeout connect 5s
    # Headers must arrive within 10 s (slow clients cannot hold connections open).
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout client 30s
    # How long a server may think before answering (CSV exports and imports included).
    timeout server 60s
    timeout queue 30s
    # A connection refused by a server that just died is tried again, on another server. Nothing
    # else is: a request a server received may have been acted on (retry-on stays conn-failure).
    retries 2
    option redispatch 1
    # Each server is asked GET /api/v1/ready, which answers 200 only while its database does;
    # two failures take it out, two successes put it back.
    default-server inter ${inter} fall 2 rise 2 on-marked-down shutdown-sessions

frontend portal
    bind ${bind}
    # The servers read the client's address from the last X-Forwarded-For entry this proxy adds
    # (TRUST_PROXY): entries a client sent itself come before it and are not believed.
    option forwardfor
    # The servers would believe X-Forwarded-Host and -Proto from this proxy when PUBLIC_URL is unset:
    # never pass on what a client wrote there.
    http-request del-header X-Forwarded-Host
    http-request set-header X-Forwarded-Proto https if { ssl_fc }
    http-request set-header X-Forwarded-Proto http if !{ ssl_fc }
    use_backend notification_streams if { path /api/v1/notifications/stream }
    use_backend write_streams if { path /api/v1/logs/stream }
    default_backend servers

backend servers
    balance roundrobin
    option httpchk
    http-check send meth GET uri /api/v1/ready ver HTTP/1.1 hdr Host localhost
    http-check expect status 200
${servedBy ? '    http-response set-header X-Served-By %s\n' : ''}${servers.map((address, i) => `    server ${names[i]} ${address} check`).join('\n')}

# Server-Sent Events (GET /api/v1/notifications/stream): long-lived, so spread by how many each
# server holds. What keeps a stream open is "timeout server" above the stream's 25 s heartbeat
# (notification-hub.ts): HAProxy 2.6 cuts a stream quieter than it, whatever "timeout client" or
# "timeout tunnel" say (a stream is no tunnel). When a server dies its streams end and the browsers
# reconnect through here to another one. Health comes from the checks above (track).
backend notification_streams
    balance leastconn
    timeout server 65s
${servedBy ? '    http-response set-header X-Served-By %s\n' : ''}${servers.map((address, i) => `    server ${names[i]} ${address} track servers/${names[i]}`).join('\n')}

# The notification log's write stream (GET /api/v1/logs/stream, a WebSocket, docs/decisions/041).
# Once upgraded it is a tunnel, and "timeout tunnel" replaces the client and server timeouts: the
# browser closes it after 60 s without a write and the server after 90 s, so 2 minutes lets either
# close it first. When a server dies the browsers open another stream through here and send their
# unconfirmed writes again.
backend write_streams
    balance leastconn
    timeout tunnel 2m
${servedBy ? '    http-response set-header X-Served-By %s\n' : ''}${servers.map((address, i) => `    server ${names[i]} ${address} track servers/${names[i]}`).join('\n')}
${
  stats
    ? `
frontend stats
    bind ${stats}
    stats enable
    stats uri /stats
    stats refresh 10s
    stats show-legends
`
    : ''
}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { values } = parseArgs({
      options: {
        server: { type: 'string', multiple: true, default: [] },
        bind: { type: 'string' },
        stats: { type: 'string' },
        'check-interval': { type: 'string' },
        local: { type: 'boolean', default: false },
        'served-by': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    process.stdout.write(
      haproxyConfig({
        servers: values.server,
        bind: values.bind,
        stats: values.stats,
        checkIntervalMs: values['check-interval'] === undefined ? undefined : Number(values['check-interval']),
        local: values.local,
        servedBy: values['served-by'],
      }),
    );
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
}
