// A self-signed certificate for this machine's loopback names, for the front door over TLS in tests and benches.
// Browsers are told to trust it by its key's hash (Chromium's --ignore-certificate-errors-spki-list), Node by the PEM.
import { spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureProgram } from '../dev/system-program';
import type { TlsFiles } from './nginx-config';

export interface LoopbackCertificate extends TlsFiles {
  pem: string;
  /** base64 SHA-256 of the certificate's SubjectPublicKeyInfo, as Chromium's SPKI flags take it. */
  spkiSha256: string;
}

export function createLoopbackCertificate(dir: string): LoopbackCertificate {
  const openssl = ensureProgram({
    binary: 'openssl',
    debianPackages: ['openssl'],
    hints: ['Debian/Ubuntu: sudo apt-get install -y openssl', 'macOS:         brew install openssl'],
  });
  const certificateFile = join(dir, 'loopback.crt');
  const keyFile = join(dir, 'loopback.key');
  const made = spawnSync(
    openssl,
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '7'],
      ...['-keyout', keyFile, '-out', certificateFile, '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1'],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const pem = readFileSync(certificateFile, 'utf8');
  const spki = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return { certificateFile, keyFile, pem, spkiSha256: createHash('sha256').update(spki).digest('base64') };
}
