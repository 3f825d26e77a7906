export interface StaticSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

export interface StaticPageContent {
  title: string;
  /** ISO date the text last changed; shown as "Last updated". */
  updated: string;
  intro: string;
  sections: StaticSection[];
}
