/** The case values' labels are shared with the demo's screens: they live in src/components/screening/labels.tsx. */
export * from '../../components/screening/labels';
