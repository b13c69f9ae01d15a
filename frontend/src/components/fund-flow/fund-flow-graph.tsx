/**
 * The fund-flow graph drawn with React Flow (@xyflow/react): each address a DOM node (a circle
 * coloured by its category and sized by its share, its shortened address, its category and share
 * in words, and real links to its explorer page and to its own check), the flows as arrows in the
 * direction funds moved, laid out in rings by hop (fund-flow-layout.ts). Loaded on demand: this
 * module and the library are a chunk of their own.
 */
import { useMemo, type FocusEvent } from 'react';
import { Anchor, useComputedColorScheme } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import {
  Background,
  BaseEdge,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  useReactFlow,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { shortenAddress, type FundFlow, type FundFlowNode } from '@walletscreen/contracts';
import { Link } from 'react-router';
import { categoryTone, networkOf, nodeCategoryLabel, nodeLabel, sharePercent } from './fund-flow-display';
import { layoutFundFlow } from './fund-flow-layout';
import { useAddressLink, type AddressLink } from './fund-flow-links';
import classes from './fund-flow.module.css';

/** A node is its circle with its label under it, so fitting the view keeps every label in it. */
const NODE_WIDTH = 132;
const LABEL_HEIGHT = 52;
/** The ring drawn around the wallet's circle. */
const WALLET_RING = 6;

type AddressNodeData = { node: FundFlowNode; size: number; x: number; y: number; link: AddressLink };
type AddressNode = Node<AddressNodeData, 'address'>;
type FlowEdgeData = { sourceRadius: number; targetRadius: number };
type FlowEdge = Edge<FlowEdgeData, 'flow'>;

function AddressNodeView({ data }: NodeProps<AddressNode>) {
  const { node, size, link } = data;
  const { setCenter, getZoom } = useReactFlow();
  const wallet = node.hop === 0;
  const short = shortenAddress(node.address);
  // A link reached with the keyboard is brought into view (not one pressed with the pointer: it would move from under it).
  const show = (event: FocusEvent<HTMLAnchorElement>) => {
    if (event.currentTarget.matches(':focus-visible')) void setCenter(data.x, data.y + size / 2 + 24, { zoom: Math.max(getZoom(), 0.9), duration: 0 });
  };
  return (
    <div
      className={`${classes.node} ${classes.tone}`}
      style={{ width: NODE_WIDTH, height: size + LABEL_HEIGHT }}
      data-tone={categoryTone(node.category)}
      data-category={node.category}
      data-by-clustering={node.by_clustering || undefined}
      data-wallet={wallet || undefined}
      data-testid="fund-flow-node"
      data-address={node.address}
    >
      {/* Both ends of every arrow at the circle's centre; the arrow itself stops at its edge (FlowEdgeView). */}
      <Handle type="target" position={Position.Top} isConnectable={false} className={classes.handle} style={{ top: size / 2 }} />
      <div className={classes.circle} style={{ width: size, height: size }} data-testid="fund-flow-circle" />
      <Handle type="source" position={Position.Bottom} isConnectable={false} className={classes.handle} style={{ top: size / 2 }} />
      <div className={classes.label}>
        <span className="ws-mono" title={node.address}>
          {wallet ? `Wallet ${short}` : short}
        </span>
        <span className={classes.meta}>{wallet ? nodeCategoryLabel(node) : `${nodeCategoryLabel(node)} · ${sharePercent(node.share)}`}</span>
        <span className={`${classes.links} nodrag nopan`}>
          <Anchor
            href={node.explorer_url}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            aria-label={`${short} in the block explorer (opens in a new tab)`}
            onFocus={show}
          >
            Explorer <IconExternalLink size={11} aria-hidden="true" style={{ verticalAlign: '-1px' }} />
          </Anchor>
          {wallet ? null : (
            <Anchor component={Link} to={link.to} size="xs" aria-label={link.label} onFocus={show}>
              {link.text}
            </Anchor>
          )}
        </span>
      </div>
    </div>
  );
}

/** A straight arrow from circle edge to circle edge. */
function FlowEdgeView({ sourceX, sourceY, targetX, targetY, markerEnd, style, data }: EdgeProps<FlowEdge>) {
  const dx = targetX - sourceX;
  const dy = targetY - sourceY;
  const length = Math.hypot(dx, dy) || 1;
  const from = (data?.sourceRadius ?? 0) + 2;
  const to = (data?.targetRadius ?? 0) + 4;
  const path = `M ${sourceX + (dx * from) / length} ${sourceY + (dy * from) / length} L ${targetX - (dx * to) / length} ${targetY - (dy * to) / length}`;
  return <BaseEdge path={path} markerEnd={markerEnd} style={style} interactionWidth={0} />;
}

const nodeTypes = { address: AddressNodeView };
const edgeTypes = { flow: FlowEdgeView };

export interface FundFlowGraphProps {
  flow: FundFlow;
  /** The id of the element that describes the graph in words. */
  describedBy?: string;
}

export default function FundFlowGraph({ flow, describedBy }: FundFlowGraphProps) {
  const scheme = useComputedColorScheme('light');
  const linkOf = useAddressLink();
  const network = networkOf(flow);
  const edgeColour = scheme === 'dark' ? '#909296' : '#868e96';

  const { nodes, edges } = useMemo(() => {
    const placed = layoutFundFlow(flow);
    const nodes: AddressNode[] = [...placed.values()].map((p) => ({
      id: p.node.address,
      type: 'address',
      position: { x: p.x, y: p.y },
      // The position is the circle's centre.
      origin: [0.5, p.size / 2 / (p.size + LABEL_HEIGHT)],
      data: { node: p.node, size: p.size, x: p.x, y: p.y, link: linkOf(p.node.address, network) },
      ariaLabel: nodeLabel(p.node),
      ariaRole: 'group',
      draggable: false,
      selectable: false,
      focusable: false,
    }));
    const radiusOf = (p: { size: number; node: FundFlowNode }) => p.size / 2 + (p.node.hop === 0 ? WALLET_RING : 0);
    const name = (address: string) => (placed.get(address)?.node.hop === 0 ? 'the wallet' : shortenAddress(address));
    const edges: FlowEdge[] = flow.edges
      .filter((e) => placed.has(e.from) && placed.has(e.to))
      .map((e) => ({
        id: `${e.from}>${e.to}`,
        source: e.from,
        target: e.to,
        type: 'flow',
        data: { sourceRadius: radiusOf(placed.get(e.from)!), targetRadius: radiusOf(placed.get(e.to)!) },
        markerEnd: { type: MarkerType.ArrowClosed, color: edgeColour, width: 14, height: 14 },
        style: { stroke: edgeColour, strokeWidth: 1 + 5 * Math.sqrt(Math.min(1, e.share)) },
        ariaLabel: `Funds from ${name(e.from)} to ${name(e.to)}: ${sharePercent(e.share)} of all value`,
        focusable: false,
        selectable: false,
      }));
    return { nodes, edges };
  }, [flow, linkOf, network, edgeColour]);

  return (
    <div className={classes.canvas} data-testid="fund-flow-graph">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        colorMode={scheme}
        fitView
        fitViewOptions={{ padding: 0.12, maxZoom: 1.2 }}
        minZoom={0.05}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        disableKeyboardA11y
        zoomOnScroll={false}
        preventScrolling={false}
        zoomOnDoubleClick={false}
        aria-label={`Fund-flow graph of ${shortenAddress(flow.nodes.find((n) => n.hop === 0)?.address ?? '')}`}
        aria-describedby={describedBy}
      >
        <Background gap={24} size={1} />
        <Controls showInteractive={false} position="top-right" />
      </ReactFlow>
    </div>
  );
}
