import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

/** The records of one name, by type. */
export type ZoneRecords = { TXT?: string[]; CNAME?: string[]; A?: string[]; AAAA?: string[] };

/** A zone the tests edit as an owner would edit theirs: name → records. */
export type Zone = Map<string, ZoneRecords>;

const { Packet } = dns2;
const TYPES = { [Packet.TYPE.TXT]: 'TXT', [Packet.TYPE.CNAME]: 'CNAME', [Packet.TYPE.A]: 'A', [Packet.TYPE.AAAA]: 'AAAA' } as const;
const NXDOMAIN = 3;

/**
 * A real DNS server on 127.0.0.1 over UDP (dns2) answering from `zone`: an unknown name is
 * NXDOMAIN, a known name without the type asked has no answer (NODATA), as a real zone. Tests
 * point the domain checks' resolver at it (DNS_RESOLVER).
 */
export async function startLocalDnsServer(zone: Zone): Promise<{ address: string; close(): Promise<void> }> {
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase().replace(/\.$/, '') ?? '';
      const records = zone.get(name);
      const type = question ? TYPES[question.type as keyof typeof TYPES] : undefined;
      if (!records) response.header.rcode = NXDOMAIN;
      else if (question && type) {
        for (const value of records[type] ?? []) {
          const data = type === 'TXT' ? { data: value } : type === 'CNAME' ? { domain: value } : { address: value };
          response.answers.push(new Packet.Resource({ name: question.name, type: question.type, class: Packet.CLASS.IN, ttl: 60, ...data }));
        }
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { port } = server.addresses().udp as AddressInfo;
  return { address: `127.0.0.1:${port}`, close: () => server.close() };
}
