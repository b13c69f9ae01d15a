import { auditLogPublicKeySchema, TREE_HEAD_FORMAT_TEXT, treeHeadStatusSchema } from '@walletscreen/contracts';
import { publicKeyPem, type ReadStore } from '@walletscreen/platform';
import { logTreeNow } from '@walletscreen/projections/log-tree/queries';
import { sessionAuth, type Authenticator } from '../http/auth';
import { auditReaderAnswers, route, routeGroup, type RouteGroup } from '../http/route';
import { treeHeadView } from '../shared/evidence-bundle';
import type { TreeHeads } from './tree-heads';

/**
 * GET /api/audit-log/public-key (anyone): the key the audit log's tree heads are signed with;
 * GET /api/admin/audit/tree-head (admins and auditors): the latest signed tree head, the key, the witness.
 */
export function treeHeadRoutes(deps: { auth: Authenticator; treeHeads: TreeHeads; readStore: ReadStore }): RouteGroup {
  return routeGroup(
    [
      route({
        method: 'get',
        path: '/audit-log/public-key',
        summary: "The installation's public key, which verifies the signed tree heads of its audit log (and so every evidence bundle it gives out)",
        tags: ['Service'],
        auth: 'none',
        responses: { 200: { description: 'The Ed25519 public key', schema: auditLogPublicKeySchema } },
        handle(_input, _req, res) {
          const { key, origin } = deps.treeHeads;
          res.json({ algorithm: 'Ed25519', key_id: key.fingerprint, public_key_pem: publicKeyPem(key.publicKey), origin, signed_text: TREE_HEAD_FORMAT_TEXT });
        },
      }),
      route({
        method: 'get',
        path: '/admin/audit/tree-head',
        summary:
          "The audit log's latest signed tree head (size, root hash, time, signing key) and the witness's answer to the latest one sent (admins and auditors)",
        tags: ['Admin: audit'],
        auth: 'audit',
        responses: { 200: { description: 'The tree heads', schema: treeHeadStatusSchema }, ...auditReaderAnswers },
        async handle(_input, _req, res) {
          const { head, count, witnessed } = await deps.treeHeads.latest();
          const tree = await logTreeNow(deps.readStore);
          const { key, witness } = deps.treeHeads;
          res.json({
            latest: head && treeHeadView(head),
            tree_heads: count,
            key_id: key.fingerprint,
            key_source: key.source,
            witness: {
              configured: witness !== null,
              host: witness?.host ?? null,
              last: witnessed && {
                tree_size: witnessed.treeSize,
                outcome: witnessed.outcome,
                status_code: witnessed.statusCode,
                error: witnessed.error,
                at: witnessed.at,
              },
            },
            tree: { size: tree.size, root_hash: tree.rootHash },
          });
        },
      }),
    ],
    { auth: sessionAuth(deps.auth) },
  );
}
