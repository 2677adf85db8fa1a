/**
 * Reading IBM AMLSim's sample layout (../shared/data/transactions/SOURCES.md: nodes.csv, transactions.csv,
 * metadata.txt) and mapping it onto the product's transactions, deterministically: the same folder always
 * gives the same accounts, names, countries, times and reference ids. Used by the loader
 * (server/transactions/amlsim-load.ts, `npm run tm:load`) and the detection bench (scripts/bench-tm.ts).
 * The mapping is written down in docs/transaction-rules.md, "AMLSim mapping"; its choices are:
 *
 * - one account per node, `AMLSIM-<nodeid>`, held by one customer `AMLSIM-C<nodeid>` (a person);
 * - one transaction per transfer, outbound, of the sender's customer: remitter = sender, beneficiary = receiver,
 *   payment method `bank_transfer`, type `transfer`; reference `AMLSIM-<folder>-<row>` (row = 1-based data row);
 * - currency USD, amount = value × 10 rounded to cents (the simulator's 2.5..600 read as tens of dollars:
 *   25..6,000 USD, the range of retail transfers; the ×10 is AMOUNT_SCALE);
 * - step 1 is 2025-01-01 (UTC), one step is one day, and the time of day is a hash of the reference id, so
 *   transfers of one step spread over that day in an order the file does not dictate;
 * - names, e-mail, country and date of birth come from a PRNG seeded with the node id: the country is drawn
 *   from a weighted list and the names from that country's pool (English, Spanish, German, French, Italian,
 *   Portuguese, Dutch, Polish, Indian, Japanese, Chinese and Arabic pools). AMLSim has no geography, so the
 *   countries carry no signal; none of them is on the high-risk list, so a country rule measures nothing here;
 * - the label: an account is laundering when isFraud = 1; a transaction's label is 1 when both its accounts are.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TransactionInput } from '../../common/transactions';
import type { TxFacts } from './facts';

export const AMLSIM = {
  /** Value × AMOUNT_SCALE = amount in USD. */
  AMOUNT_SCALE: 10,
  CURRENCY: 'USD',
  /** Step 1 starts here (UTC midnight); step n starts n - 1 days later. */
  EPOCH: Date.UTC(2025, 0, 1),
  DAY_MS: 86_400_000,
  PAYMENT_METHOD: 'bank_transfer',
  TYPE: 'transfer',
} as const;

export interface AmlsimMetadata {
  nodes: number | null;
  fraudNodes: number | null;
  transactions: number | null;
  patterns: string | null;
}

export interface AmlsimAccount {
  node_id: number;
  account: string;
  customer_id: string;
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  date_of_birth: string;
  customer_type: 'person';
  is_fraud: boolean;
  /** The simulator's fraudStep (null when -1). */
  fraud_step: number | null;
  init_balance: number;
}

export interface AmlsimTransfer {
  /** 1-based data row of transactions.csv. */
  row: number;
  step: number;
  value: number;
  source: number;
  target: number;
  /** The transaction as an integrator would send it (created_at is the ISO time). */
  input: TransactionInput & { created_at: string; customer_id: string; remitter_account: string; beneficiary_account: string };
  /** The same transaction as the engine reads it (id = reference id: the bench needs no database ids). */
  facts: TxFacts;
  /** 1 when both accounts are laundering accounts. */
  label: 0 | 1;
}

export const accountId = (node: number) => `AMLSIM-${node}`;
export const customerId = (node: number) => `AMLSIM-C${node}`;
export const referenceId = (folder: string, row: number) => `AMLSIM-${folder}-${row}`;

/** FNV-1a, 32 bits: a stable hash of a string (seeds and times of day). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG, enough to draw names (not for anything secret). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The time of a transfer: its step's day plus a time of day (to the second) hashed from its reference id. */
export function transferTime(step: number, reference: string): number {
  const secondOfDay = hash32(reference) % 86_400;
  return AMLSIM.EPOCH + (step - 1) * AMLSIM.DAY_MS + secondOfDay * 1000;
}

type Pool = { first: readonly string[]; last: readonly string[] };
const POOLS: Record<string, Pool> = {
  english: {
    first: ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Susan', 'Richard', 'Jessica', 'Thomas', 'Sarah', 'Daniel', 'Karen', 'Matthew', 'Emily', 'Andrew', 'Olivia', 'Joshua', 'Hannah', 'George', 'Charlotte'],
    last: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Taylor', 'Anderson', 'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'Wright', 'Evans', 'Roberts', 'Cooper'],
  },
  spanish: {
    first: ['José', 'María', 'Juan', 'Carmen', 'Luis', 'Ana', 'Carlos', 'Lucía', 'Javier', 'Isabel', 'Miguel', 'Laura', 'Alejandro', 'Sofía', 'Diego', 'Elena', 'Pablo', 'Valentina', 'Fernando', 'Paula'],
    last: ['García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Torres', 'Ramírez', 'Flores', 'Vargas', 'Castillo'],
  },
  german: {
    first: ['Lukas', 'Anna', 'Jonas', 'Lena', 'Leon', 'Marie', 'Felix', 'Sophie', 'Maximilian', 'Laura', 'Paul', 'Katharina', 'Tobias', 'Julia', 'Stefan', 'Sabine', 'Andreas', 'Monika', 'Jürgen', 'Ursula'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger'],
  },
  french: {
    first: ['Jean', 'Marie', 'Pierre', 'Camille', 'Louis', 'Chloé', 'Hugo', 'Léa', 'Antoine', 'Manon', 'Nicolas', 'Inès', 'Julien', 'Sarah', 'Mathieu', 'Juliette', 'Théo', 'Élodie', 'Olivier', 'Nathalie'],
    last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefebvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier'],
  },
  italian: {
    first: ['Giuseppe', 'Giulia', 'Marco', 'Francesca', 'Alessandro', 'Chiara', 'Luca', 'Sara', 'Matteo', 'Martina', 'Lorenzo', 'Alessia', 'Andrea', 'Elisa', 'Davide', 'Federica', 'Simone', 'Valentina', 'Riccardo', 'Silvia'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti'],
  },
  portuguese: {
    first: ['João', 'Ana', 'Pedro', 'Mariana', 'Gabriel', 'Beatriz', 'Lucas', 'Juliana', 'Rafael', 'Fernanda', 'Mateus', 'Camila', 'Gustavo', 'Larissa', 'Thiago', 'Letícia', 'Bruno', 'Aline', 'Rodrigo', 'Patrícia'],
    last: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa'],
  },
  dutch: {
    first: ['Daan', 'Emma', 'Sem', 'Julia', 'Lucas', 'Tess', 'Levi', 'Sophie', 'Finn', 'Anna', 'Bram', 'Sanne', 'Thijs', 'Lotte', 'Ruben', 'Eva'],
    last: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters'],
  },
  polish: {
    first: ['Jakub', 'Anna', 'Piotr', 'Katarzyna', 'Krzysztof', 'Małgorzata', 'Tomasz', 'Agnieszka', 'Paweł', 'Magdalena', 'Michał', 'Joanna', 'Marcin', 'Monika', 'Łukasz', 'Zofia'],
    last: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Kwiatkowski', 'Krawczyk'],
  },
  indian: {
    first: ['Aarav', 'Priya', 'Vivaan', 'Ananya', 'Aditya', 'Diya', 'Arjun', 'Isha', 'Rohan', 'Kavya', 'Rahul', 'Neha', 'Vikram', 'Pooja', 'Sanjay', 'Lakshmi', 'Amit', 'Sunita', 'Karan', 'Meera'],
    last: ['Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Reddy', 'Iyer', 'Nair', 'Mehta', 'Joshi', 'Rao', 'Das', 'Chopra', 'Malhotra', 'Bose', 'Pillai', 'Agarwal', 'Shah', 'Banerjee'],
  },
  japanese: {
    first: ['Haruto', 'Yui', 'Sota', 'Hina', 'Yuto', 'Sakura', 'Riku', 'Aoi', 'Takumi', 'Mei', 'Kenji', 'Yuki', 'Hiroshi', 'Akiko', 'Daiki', 'Naomi'],
    last: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada', 'Sasaki', 'Yamaguchi', 'Matsumoto', 'Inoue'],
  },
  chinese: {
    first: ['Wei', 'Fang', 'Jun', 'Li', 'Hao', 'Xin', 'Lei', 'Jing', 'Yang', 'Min', 'Tao', 'Yan', 'Bo', 'Lan', 'Qiang', 'Hui'],
    last: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma', 'Zhu', 'Hu', 'Guo'],
  },
  arabic: {
    first: ['Mohammed', 'Fatima', 'Ahmed', 'Aisha', 'Omar', 'Mariam', 'Ali', 'Noura', 'Khalid', 'Layla', 'Hassan', 'Huda', 'Yousef', 'Salma', 'Saeed', 'Reem'],
    last: ['Al Mansouri', 'Al Hashemi', 'Al Nuaimi', 'Haddad', 'Khalil', 'Saleh', 'Nasser', 'Al Farsi', 'Rahman', 'Aziz', 'Hamdan', 'Qasim', 'Sultan', 'Bakr', 'Karim', 'Mahmoud'],
  },
};

/** Countries drawn for AMLSim customers, with weights (per 100) and the name pool of each. None is high-risk. */
const COUNTRIES: readonly [code: string, weight: number, pool: keyof typeof POOLS][] = [
  ['US', 28, 'english'],
  ['GB', 9, 'english'],
  ['CA', 5, 'english'],
  ['DE', 8, 'german'],
  ['FR', 7, 'french'],
  ['ES', 6, 'spanish'],
  ['MX', 5, 'spanish'],
  ['IT', 5, 'italian'],
  ['BR', 4, 'portuguese'],
  ['NL', 3, 'dutch'],
  ['PL', 3, 'polish'],
  ['IN', 6, 'indian'],
  ['JP', 3, 'japanese'],
  ['CN', 3, 'chinese'],
  ['AE', 2, 'arabic'],
  ['AU', 3, 'english'],
];
const TOTAL_WEIGHT = COUNTRIES.reduce((s, c) => s + c[1], 0);

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

/** Ascii local part for an e-mail address: accents dropped, spaces removed. */
const asciiPart = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** The generated customer of one node: the same node id always gives the same person. */
export function amlsimCustomer(node: number): Pick<AmlsimAccount, 'first_name' | 'last_name' | 'email' | 'country' | 'date_of_birth'> {
  const rand = prng(hash32(`amlsim-customer-${node}`));
  let r = rand() * TOTAL_WEIGHT;
  let chosen = COUNTRIES[0];
  for (const c of COUNTRIES) {
    if ((r -= c[1]) < 0) {
      chosen = c;
      break;
    }
  }
  const pool = POOLS[chosen[2]];
  const first = pick(rand, pool.first);
  const last = pick(rand, pool.last);
  const year = 1950 + Math.floor(rand() * 55);
  const month = 1 + Math.floor(rand() * 12);
  const day = 1 + Math.floor(rand() * 28);
  return {
    first_name: first,
    last_name: last,
    email: `${asciiPart(first)}.${asciiPart(last)}.${node}@example.com`,
    country: chosen[0],
    date_of_birth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}

/** Splits one CSV line of AMLSim's files (plain numbers, no quoting). */
const cells = (line: string) => line.split(',').map((c) => c.trim());

export async function readAmlsimMetadata(dir: string): Promise<AmlsimMetadata> {
  const text = await readFile(join(dir, 'metadata.txt'), 'utf8').catch(() => '');
  const num = (re: RegExp) => {
    const m = re.exec(text);
    return m ? Number(m[1].replace(/,/g, '')) : null;
  };
  const patterns = /patterns:\s*(.+)/.exec(text)?.[1]?.trim() ?? null;
  return { nodes: num(/nodes:\s*([\d,]+)/), fraudNodes: num(/\(([\d,]+) fraud/), transactions: num(/transactions:\s*([\d,]+)/), patterns };
}

/** Every account of nodes.csv with its generated customer, by node id. */
export async function readAmlsimAccounts(dir: string): Promise<Map<number, AmlsimAccount>> {
  const accounts = new Map<number, AmlsimAccount>();
  let header: string[] | null = null;
  for await (const line of lines(join(dir, 'nodes.csv'))) {
    if (!line.trim()) continue;
    if (!header) {
      header = cells(line);
      continue;
    }
    const row = cells(line);
    const get = (name: string) => row[header!.indexOf(name)];
    const node = Number(get('nodeid'));
    if (!Number.isInteger(node)) throw new Error(`nodes.csv: bad nodeid "${get('nodeid')}"`);
    const fraudStep = Number(get('fraudStep'));
    accounts.set(node, {
      node_id: node,
      account: accountId(node),
      customer_id: customerId(node),
      customer_type: 'person',
      is_fraud: get('isFraud') === '1',
      fraud_step: Number.isFinite(fraudStep) && fraudStep >= 0 ? fraudStep : null,
      init_balance: Number(get('init_balance')) || 0,
      ...amlsimCustomer(node),
    });
  }
  return accounts;
}

/**
 * The transfers of transactions.csv in file order (the simulator writes them step by step), streamed: a
 * folder of any size is read with one line in memory. Accounts missing from nodes.csv get a generated customer too.
 */
export async function* readAmlsimTransfers(dir: string, accounts: Map<number, AmlsimAccount>): AsyncGenerator<AmlsimTransfer> {
  const folder = basename(dir.replace(/[\\/]+$/, ''));
  let header: string[] | null = null;
  let row = 0;
  const customer = (node: number) => accounts.get(node) ?? { ...amlsimCustomer(node), account: accountId(node), customer_id: customerId(node), is_fraud: false };
  for await (const line of lines(join(dir, 'transactions.csv'))) {
    if (!line.trim()) continue;
    if (!header) {
      header = cells(line);
      continue;
    }
    row++;
    const c = cells(line);
    const get = (name: string) => c[header!.indexOf(name)];
    const source = Number(get('sourceNodeId'));
    const target = Number(get('targetNodeId'));
    const value = Number(get('value'));
    const step = Number(get('time'));
    if (![source, target, value, step].every(Number.isFinite)) throw new Error(`transactions.csv row ${row}: unreadable "${line}"`);
    yield mapTransfer(folder, row, source, target, value, step, customer(source), customer(target));
  }
}

type Party = Pick<AmlsimAccount, 'first_name' | 'last_name' | 'email' | 'country' | 'account' | 'customer_id' | 'is_fraud'>;

/** One transfer as a transaction (pure: the same arguments give the same transaction). */
export function mapTransfer(folder: string, row: number, source: number, target: number, value: number, step: number, from: Party, to: Party): AmlsimTransfer {
  const reference = referenceId(folder, row);
  const occurred = transferTime(step, reference);
  const amount = Math.round(value * AMLSIM.AMOUNT_SCALE * 100) / 100;
  const input: AmlsimTransfer['input'] = {
    reference_id: reference,
    created_at: new Date(occurred).toISOString(),
    customer_id: from.customer_id,
    customer_first_name: from.first_name,
    customer_last_name: from.last_name,
    email: from.email,
    amount,
    currency: AMLSIM.CURRENCY,
    payment_method: AMLSIM.PAYMENT_METHOD,
    type: AMLSIM.TYPE,
    direction: 'outbound',
    remitter_name: `${from.first_name} ${from.last_name}`,
    remitter_account: from.account,
    remitter_country: from.country,
    beneficiary_name: `${to.first_name} ${to.last_name}`,
    beneficiary_account: to.account,
    beneficiary_country: to.country,
  };
  const facts: TxFacts = {
    ...input,
    id: reference,
    occurred_at: occurred,
    customer_id: from.customer_id,
    amount,
    currency: AMLSIM.CURRENCY,
    direction: 'outbound',
    remitter_account: from.account,
    beneficiary_account: to.account,
  };
  return { row, step, value, source, target, input, facts, label: from.is_fraud && to.is_fraud ? 1 : 0 };
}

async function* lines(path: string): AsyncGenerator<string> {
  const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  try {
    for await (const line of rl) yield line;
  } finally {
    rl.close();
  }
}
