import type { ImportedRow } from '@receivables/contracts';

/** A customer already in the organisation that a row may belong to. */
export interface ExistingCustomer {
  id: string;
  name: string;
  currency: string;
  externalRef: string | null;
}

/** What the batch's one lookup found: customers by external_ref, and by each row name (case-insensitively). */
export interface CustomerLookup {
  byRef: Map<string, ExistingCustomer>;
  /** Keyed by the name exactly as the row gives it (trimmed). */
  byName: Map<string, ExistingCustomer[]>;
}

/** A customer the batch will create (one per distinct new customer, however many rows it has). */
export interface NewCustomer {
  id: string;
  name: string;
  currency: string;
  externalRef: string | null;
}

export interface CustomerChoice {
  customerId: string;
  currency: string;
  /** The customer does not exist yet: created if one of its rows is imported. */
  isNew: boolean;
  /** An external_ref to record on an existing customer matched by name that has none. */
  setRef: string | null;
}

export type CustomerMatch = { ok: true; choice: CustomerChoice } | { ok: false; reason: string };

/** The external_ref a file's customer id is kept as. */
export const csvRef = (ref: string): string => `csv:${ref}`;

/**
 * Which customer each row of a batch belongs to, in file order (decision 0009): by the file's
 * customer id (external_ref `csv:<id>`), else by name ignoring case. A name shared by two or more
 * existing customers is refused rather than guessed; a row that names no existing customer
 * creates one, shared by the batch's later rows for the same customer. A customer id that differs
 * from the one a same-named customer already carries means a different customer.
 */
export class CustomerMatcher {
  /** New customers by id, in the order they were first needed. */
  readonly created = new Map<string, NewCustomer>();
  private readonly newByRef = new Map<string, NewCustomer>();
  private readonly newByName = new Map<string, NewCustomer>();
  /** Refs recorded earlier in this batch on existing customers, by customer id. */
  private readonly refsSet = new Map<string, string>();

  constructor(
    private readonly lookup: CustomerLookup,
    private readonly newId: () => string,
  ) {}

  match(customer: ImportedRow['customer'], currency: string): CustomerMatch {
    const ref = customer.ref === null ? null : csvRef(customer.ref);
    if (ref) {
      const existing = this.lookup.byRef.get(ref);
      if (existing) return this.existing(existing, null);
      const created = this.newByRef.get(ref);
      if (created) return this.new(created);
    }
    const candidates = (this.lookup.byName.get(customer.name) ?? []).filter((c) => {
      const known = c.externalRef ?? this.refsSet.get(c.id) ?? null;
      return !(ref && known?.startsWith('csv:') && known !== ref);
    });
    if (candidates.length > 1) {
      const reason = ref
        ? `${candidates.length} customers are called ${customer.name} and none has Customer ID ${customer.ref ?? ''}`
        : `${candidates.length} customers are called ${customer.name}: add a Customer ID column`;
      return { ok: false, reason };
    }
    const [only] = candidates;
    if (only) {
      const hasRef = only.externalRef !== null || this.refsSet.has(only.id);
      if (ref && !hasRef) {
        this.refsSet.set(only.id, ref);
        this.lookup.byRef.set(ref, only);
        return this.existing(only, ref);
      }
      return this.existing(only, null);
    }
    const nameKey = customer.name.toLowerCase();
    const sameName = this.newByName.get(nameKey);
    if (sameName && (!ref || sameName.externalRef === null || sameName.externalRef === ref)) {
      if (ref && sameName.externalRef === null) {
        sameName.externalRef = ref;
        this.newByRef.set(ref, sameName);
      }
      return this.new(sameName);
    }
    const created: NewCustomer = { id: this.newId(), name: customer.name, currency, externalRef: ref };
    this.created.set(created.id, created);
    if (!sameName) this.newByName.set(nameKey, created);
    if (ref) this.newByRef.set(ref, created);
    return this.new(created);
  }

  private existing(customer: ExistingCustomer, setRef: string | null): CustomerMatch {
    return { ok: true, choice: { customerId: customer.id, currency: customer.currency, isNew: false, setRef } };
  }

  private new(customer: NewCustomer): CustomerMatch {
    return { ok: true, choice: { customerId: customer.id, currency: customer.currency, isNew: true, setRef: null } };
  }
}
