/**
 * The counterparty network around an alert's party, drawn with React Flow (@xyflow/react: DOM nodes that the
 * keyboard can reach and screen readers can name, pan and zoom built in). The party sits in the middle, the
 * accounts the alert's pattern names (members) on a ring around it, the other counterparties on an outer ring;
 * accounts the alert names are outlined in red, and each arrow is the money sent from one account to another in
 * the rule's window, thicker for larger sums. The same network is offered as tables (AlertDetailPage), so
 * nothing here is only visual.
 *
 * The layout is computed here (rings by role) rather than by a layout engine: the picture must be the same every
 * time it is drawn, and a ring reads the same left-to-right and right-to-left. The drawing keeps a left-to-right
 * box in Arabic pages too: its geometry is not text; the names inside keep their own direction.
 */
import '@xyflow/react/dist/style.css';
import { Box, Text, chakra } from '@chakra-ui/react';
import { BaseEdge, Controls, EdgeLabelRenderer, Handle, MarkerType, Position, ReactFlow, type Edge, type EdgeProps, type Node, type NodeProps } from '@xyflow/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { AlertNetwork, NetworkRole } from '@common/tm-alerts';
import { Name } from '../../components/Name';

type AccountData = { label: string; account: string; role: NetworkRole; flagged: boolean; roleText: string };
type AccountNode = Node<AccountData, 'account'>;
type FlowData = { count: number; amount: number; text: string; width: number };
type FlowEdge = Edge<FlowData, 'flow'>;

/** Each role's circle: its size and colours (Chakra tokens as CSS variables, so they follow the theme). */
const ROLE_STYLE: Record<NetworkRole, { size: number; bg: string; fg: string }> = {
  party: { size: 56, bg: 'var(--chakra-colors-brand-solid, #1d4ed8)', fg: 'white' },
  // Dark enough for white initials (WCAG AA).
  member: { size: 40, bg: 'var(--chakra-colors-orange-700, #c2410c)', fg: 'white' },
  counterparty: { size: 32, bg: 'var(--chakra-colors-gray-600, #52525b)', fg: 'white' },
};
const NODE_WIDTH = 132;

/** Where each account sits: the party in the middle, members on a ring, other counterparties on a wider one. */
export function layoutNetwork(network: AlertNetwork): Map<string, { x: number; y: number }> {
  const at = new Map<string, { x: number; y: number }>();
  const parties = network.nodes.filter((n) => n.role === 'party');
  const members = network.nodes.filter((n) => n.role === 'member');
  const others = network.nodes.filter((n) => n.role === 'counterparty');
  parties.forEach((n, i) => at.set(n.id, { x: i * 160, y: 0 }));
  const cx = ((parties.length || 1) - 1) * 80;
  // A ring wide enough that neighbours do not touch: about 150 px of circumference per account.
  const ring = (nodes: typeof members, min: number, turn: number) => {
    const radius = Math.max(min, (nodes.length * 150) / (2 * Math.PI));
    nodes.forEach((n, i) => {
      const angle = turn + (2 * Math.PI * i) / Math.max(1, nodes.length) - Math.PI / 2;
      at.set(n.id, { x: cx + radius * Math.cos(angle), y: radius * Math.sin(angle) });
    });
    return radius;
  };
  const inner = ring(members, 200, 0);
  ring(others, members.length ? inner + 170 : 220, Math.PI / Math.max(2, others.length));
  return at;
}

function AccountCircle({ data }: NodeProps<AccountNode>) {
  const style = ROLE_STYLE[data.role];
  const initials = data.label.replace(/[^\p{L}\p{N} ]/gu, '').split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || '•';
  return (
    <Box w={`${NODE_WIDTH}px`} display="flex" flexDirection="column" alignItems="center" data-testid="network-node" data-role={data.role} data-flagged={data.flagged}>
      <Box
        w={`${style.size}px`}
        h={`${style.size}px`}
        rounded="full"
        display="flex"
        alignItems="center"
        justifyContent="center"
        fontSize="xs"
        fontWeight="bold"
        style={{ background: style.bg, color: style.fg }}
        outline={data.flagged ? '3px solid' : undefined}
        outlineColor="red.500"
        outlineOffset="2px"
        aria-hidden
      >
        {initials}
      </Box>
      {/* The arrows meet at the circle's centre: one invisible point for money in and one for money out. */}
      <Handle type="target" position={Position.Top} isConnectable={false} style={{ top: style.size / 2, left: '50%', transform: 'translate(-50%, -50%)', width: 1, height: 1, minWidth: 0, minHeight: 0, border: 0, background: 'transparent' }} />
      <Handle type="source" position={Position.Bottom} isConnectable={false} style={{ top: style.size / 2, bottom: 'auto', left: '50%', transform: 'translate(-50%, -50%)', width: 1, height: 1, minWidth: 0, minHeight: 0, border: 0, background: 'transparent' }} />
      <Text mt="1" fontSize="2xs" lineHeight="short" textAlign="center" maxW="full" truncate bg="bg/80" px="1" rounded="sm">
        <Name>{data.label}</Name>
      </Text>
      {data.label !== data.account && (
        <Text fontSize="2xs" fontFamily="mono" color="fg.muted" textAlign="center" maxW="full" truncate bg="bg/80" px="1" rounded="sm">
          <Name>{data.account}</Name>
        </Text>
      )}
    </Box>
  );
}

/** A straight arrow between two circles, stopped at their edges so the arrowhead shows. */
function FlowArrow({ id, sourceX, sourceY, targetX, targetY, data, markerEnd, source, target }: EdgeProps<FlowEdge>) {
  const dx = targetX - sourceX;
  const dy = targetY - sourceY;
  const length = Math.hypot(dx, dy) || 1;
  const from = sizes.get(source) ?? 16;
  const to = (sizes.get(target) ?? 16) + 4;
  const sx = sourceX + (dx / length) * from;
  const sy = sourceY + (dy / length) * from;
  const tx = targetX - (dx / length) * to;
  const ty = targetY - (dy / length) * to;
  const path = `M ${sx},${sy} L ${tx},${ty}`;
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} style={{ strokeWidth: data?.width ?? 1.5, stroke: 'var(--chakra-colors-gray-500, #6b7280)' }} />
      {data && (
        <EdgeLabelRenderer>
          <chakra.div
            position="absolute"
            style={{ transform: `translate(-50%, -50%) translate(${(sx + tx) / 2}px, ${(sy + ty) / 2}px)` }}
            fontSize="2xs"
            bg="bg"
            borderWidth="1px"
            rounded="sm"
            px="1"
            pointerEvents="none"
            className="nodrag nopan"
            data-testid="network-edge"
          >
            {data.text}
          </chakra.div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

/** The circles' radii by node id, for the arrows (set when the graph is built). */
const sizes = new Map<string, number>();

const nodeTypes = { account: AccountCircle };
const edgeTypes = { flow: FlowArrow };

export function NetworkGraph({ network, label }: { network: AlertNetwork; label: string }) {
  const intl = useIntl();
  const { nodes, edges } = useMemo(() => {
    const at = layoutNetwork(network);
    const max = Math.max(1, ...network.edges.map((e) => e.amount));
    const nodes: AccountNode[] = network.nodes.map((n) => {
      const style = ROLE_STYLE[n.role];
      sizes.set(n.id, style.size / 2);
      const p = at.get(n.id) ?? { x: 0, y: 0 };
      const roleText = intl.formatMessage({ id: `transactions.network.role_${n.role}` });
      return {
        id: n.id,
        type: 'account',
        // The layout places circle centres; a node's position is its box's corner.
        position: { x: p.x - NODE_WIDTH / 2, y: p.y - style.size / 2 },
        data: { label: n.label, account: n.id, role: n.role, flagged: n.flagged, roleText },
        ariaLabel: intl.formatMessage({ id: n.flagged ? 'transactions.network.node_flagged' : 'transactions.network.node' }, { name: n.label, account: n.id, role: roleText }),
        draggable: false,
        connectable: false,
      };
    });
    const edges: FlowEdge[] = network.edges.map((e, i) => {
      const width = 1 + 4 * Math.sqrt(e.amount / max);
      return {
      id: `e${i}`,
      source: e.from,
      target: e.to,
      type: 'flow',
      // Arrowheads in the picture's own units, a little wider than their line, so a thick flow keeps a visible head.
      markerEnd: { type: MarkerType.ArrowClosed, width: 10 + 3 * width, height: 10 + 3 * width, markerUnits: 'userSpaceOnUse', color: 'var(--chakra-colors-gray-500, #6b7280)' },
      data: { count: e.count, amount: e.amount, width, text: intl.formatMessage({ id: 'transactions.network.edge' }, { count: e.count, amount: intl.formatNumber(e.amount, { maximumFractionDigits: 0 }) }) },
      ariaLabel: intl.formatMessage({ id: 'transactions.network.edge_label' }, { from: e.from, to: e.to, count: e.count, amount: intl.formatNumber(e.amount, { maximumFractionDigits: 2 }) }),
      };
    });
    return { nodes, edges };
  }, [network, intl]);

  const aria = useMemo(
    () => ({
      'node.a11yDescription.default': intl.formatMessage({ id: 'transactions.network.a11y_node' }),
      'node.a11yDescription.keyboardDisabled': intl.formatMessage({ id: 'transactions.network.a11y_node' }),
      'edge.a11yDescription.default': intl.formatMessage({ id: 'transactions.network.a11y_edge' }),
      'controls.ariaLabel': intl.formatMessage({ id: 'transactions.network.controls' }),
      'controls.zoomIn.ariaLabel': intl.formatMessage({ id: 'transactions.network.zoom_in' }),
      'controls.zoomOut.ariaLabel': intl.formatMessage({ id: 'transactions.network.zoom_out' }),
      'controls.fitView.ariaLabel': intl.formatMessage({ id: 'transactions.network.fit' }),
      'controls.interactive.ariaLabel': intl.formatMessage({ id: 'transactions.network.lock' }),
    }),
    [intl],
  );

  return (
    <Box
      dir="ltr"
      h={{ base: '420px', xl: '520px' }}
      borderWidth="1px"
      rounded="md"
      bg="bg.subtle"
      // React Flow's credit stays, in the page's readable colours.
      css={{ '& .react-flow__attribution': { bg: 'bg' }, '& .react-flow__attribution a': { color: 'fg.muted' } }}
      data-testid="network-graph"
      role="figure"
      aria-label={label}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        fitView
        fitViewOptions={{ padding: 0.15 }}
        minZoom={0.2}
        maxZoom={2.5}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable
        nodesFocusable
        edgesFocusable={false}
        attributionPosition="bottom-left"
        ariaLabelConfig={aria}
      >
        <Controls showInteractive={false} position="bottom-right" />
      </ReactFlow>
    </Box>
  );
}
