/**
 * A word looked up in a table written as an object literal. Only the table's own entries count: a cell,
 * a header or a name that says "constructor" or "__proto__" finds nothing, instead of the properties
 * every object inherits (which once turned such a word into a function).
 */
export function ownEntry<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
