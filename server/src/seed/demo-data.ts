// Fixed ingredients of the demo organisation: realistic UK trading names and tags.

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_NAME = 'Demo User';
export const DEMO_ORG_NAME = 'Demo Trading Ltd';
export const DEMO_ORG_SLUG = 'demo-trading';

export const DEMO_TAGS: readonly { name: string; colour: string }[] = [
  { name: 'Key account', colour: '#00897b' },
  { name: 'Wholesale', colour: '#3949ab' },
  { name: 'Retail', colour: '#8e24aa' },
  { name: 'Public sector', colour: '#546e7a' },
  { name: 'Disputed', colour: '#e53935' },
  { name: 'Payment plan', colour: '#fb8c00' },
  { name: 'New customer', colour: '#43a047' },
  { name: 'Slow payer', colour: '#6d4c41' },
  { name: 'Export', colour: '#1e88e5' },
  { name: 'Hospitality', colour: '#d81b60' },
];

export const DEMO_CUSTOMER_NAMES: readonly string[] = [
  'Abbey Road Joinery Ltd', 'Albion Print & Design', 'Ashford Fresh Produce', 'Avon Valley Plumbing',
  'Barnsley Steel Fabrications', 'Beacon Hill Dental Practice', 'Bishopsgate Legal LLP', 'Blackwater Marine Services',
  'Bramley Bakery Co.', 'Brighton Surf Supplies', 'Brunel Engineering Group', 'Calder Valley Textiles',
  'Cambridge Lab Instruments', 'Canterbury Cathedral Gifts', 'Castlegate Property Management', 'Chiltern Timber Merchants',
  'Clifton Wine Cellars', 'Cotswold Stone Masons', 'Coventry Auto Parts', 'Crown & Anchor Inns',
  'Dales Dairy Farms', 'Dartmoor Outdoor Centre', 'Derwent Water Holidays', 'Dorset Coast Cider Co.',
  'Durham Electrical Contractors', 'Eden Valley Nurseries', 'Essex Roofing Services', 'Exeter Medical Supplies',
  'Fenland Haulage Ltd', 'Fife Fishing Co-operative', 'Forest of Dean Furniture', 'Glasgow Tech Solutions',
  'Greenwich Clockmakers', 'Hadrian Security Systems', 'Harrogate Tea Rooms', 'Hebden Bridge Hardware',
  'Highland Spring Distillers', 'Humber Logistics', 'Isle of Wight Ferries Catering', 'Kentish Hop Growers',
  'Kingston Cycle Works', 'Lakeland Adventure Gear', 'Leeds City Caterers', 'Lincoln Agricultural Machinery',
  'Liverpool Dockside Storage', 'Malvern Hills Water Co.', 'Manchester Media House', 'Mendip Quarry Products',
  'Newcastle Brewing Company', 'Norfolk Broads Boat Hire', 'Northumbria Care Homes', 'Oxford Scholarly Press',
  'Peak District Guesthouses', 'Pennine Building Supplies', 'Plymouth Sound Electronics', 'Richmond Garden Centre',
  'Severn Bridge Motors', 'Sheffield Cutlery Works', 'Solent Yacht Chandlery', 'Thames Valley Cleaning',
  'Wessex Veterinary Group', 'Yorkshire Dales Creamery',
];

export const CONTACT_FIRST_NAMES: readonly string[] = [
  'Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Ava', 'Jack', 'Emily', 'Charlie', 'Sophie',
  'Thomas', 'Grace', 'James', 'Lily', 'William', 'Freya', 'Alfie', 'Ella', 'Henry', 'Poppy',
];

export const CONTACT_LAST_NAMES: readonly string[] = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright',
  'Robinson', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Clarke',
];
