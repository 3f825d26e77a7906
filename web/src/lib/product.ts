/** The product's name as shown in the UI; one place to change it. */
export const PRODUCT_NAME = 'Receivables';

/** Who to write to about privacy or the terms; shown on the static pages. */
export const CONTACT_EMAIL = 'support@receivables.example';
