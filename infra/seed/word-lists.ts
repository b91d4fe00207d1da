/**
 * Word lists for the demo data. Everything built from them is fictional: names are mixed from these lists
 * at random, phone numbers come from Ofcom's drama ranges and websites use the reserved `.example` domain.
 */

export interface DemoCity {
  city: string;
  /** Postcode districts (outward codes) of the city; each must exist in geo/uk-outcodes.csv. */
  districts: string[];
  /** How many demo businesses the city gets. */
  businesses: number;
  /** Phone prefix of the city's Ofcom drama range (a 3-digit suffix is added), or null for the national one. */
  phonePrefix: string | null;
}

export const DEMO_CITIES: DemoCity[] = [
  {
    city: 'London',
    districts: ['E1', 'E2', 'E7', 'E8', 'E17', 'N1', 'N4', 'N7', 'N16', 'NW1', 'NW6', 'SE1', 'SE15', 'SE22', 'SW2', 'SW9', 'W2', 'W12', 'WC1N', 'WC1X', 'EC1V', 'EC1R'],
    businesses: 70,
    phonePrefix: '020 7946 0',
  },
  { city: 'Manchester', districts: ['M1', 'M4', 'M13', 'M14', 'M16', 'M20', 'M21'], businesses: 24, phonePrefix: '0161 496 0' },
  { city: 'Birmingham', districts: ['B1', 'B5', 'B10', 'B11', 'B12', 'B13', 'B29'], businesses: 24, phonePrefix: '0121 496 0' },
  { city: 'Leeds', districts: ['LS1', 'LS2', 'LS6', 'LS7', 'LS8', 'LS11'], businesses: 12, phonePrefix: '0113 496 0' },
  { city: 'Glasgow', districts: ['G1', 'G2', 'G3', 'G11', 'G12', 'G41', 'G42'], businesses: 14, phonePrefix: '0141 496 0' },
  { city: 'Edinburgh', districts: ['EH1', 'EH2', 'EH3', 'EH6', 'EH7', 'EH8', 'EH9'], businesses: 12, phonePrefix: '0131 496 0' },
  { city: 'Bristol', districts: ['BS1', 'BS2', 'BS3', 'BS5', 'BS6', 'BS7'], businesses: 12, phonePrefix: '0117 496 0' },
  { city: 'Liverpool', districts: ['L1', 'L7', 'L8', 'L15', 'L17'], businesses: 12, phonePrefix: '0151 496 0' },
  { city: 'Sheffield', districts: ['S1', 'S2', 'S7', 'S10', 'S11'], businesses: 10, phonePrefix: '0114 496 0' },
  { city: 'Cardiff', districts: ['CF10', 'CF11', 'CF24', 'CF5'], businesses: 10, phonePrefix: '029 2018 0' },
  { city: 'Leicester', districts: ['LE1', 'LE2', 'LE3', 'LE4', 'LE5'], businesses: 12, phonePrefix: '0116 496 0' },
  { city: 'Nottingham', districts: ['NG1', 'NG3', 'NG5', 'NG7'], businesses: 9, phonePrefix: '0115 496 0' },
  { city: 'Newcastle upon Tyne', districts: ['NE1', 'NE2', 'NE4', 'NE6'], businesses: 9, phonePrefix: '0191 498 0' },
  { city: 'Bradford', districts: ['BD1', 'BD3', 'BD7', 'BD8', 'BD9'], businesses: 10, phonePrefix: null },
  { city: 'Brighton', districts: ['BN1', 'BN2', 'BN3'], businesses: 8, phonePrefix: null },
  { city: 'Oxford', districts: ['OX1', 'OX2', 'OX4'], businesses: 6, phonePrefix: null },
  { city: 'Cambridge', districts: ['CB1', 'CB2', 'CB4'], businesses: 6, phonePrefix: null },
  { city: 'Coventry', districts: ['CV1', 'CV2', 'CV3', 'CV5', 'CV6'], businesses: 7, phonePrefix: null },
  { city: 'Belfast', districts: ['BT1', 'BT2', 'BT7', 'BT9', 'BT12', 'BT15'], businesses: 8, phonePrefix: '028 9649 6' },
  { city: 'Aberdeen', districts: ['AB10', 'AB11', 'AB25'], businesses: 5, phonePrefix: null },
  { city: 'Dundee', districts: ['DD1', 'DD2', 'DD3', 'DD4'], businesses: 5, phonePrefix: null },
  { city: 'Swansea', districts: ['SA1', 'SA2'], businesses: 5, phonePrefix: null },
  { city: 'Southampton', districts: ['SO14', 'SO15', 'SO17'], businesses: 6, phonePrefix: null },
  { city: 'Portsmouth', districts: ['PO1', 'PO4', 'PO5'], businesses: 5, phonePrefix: null },
  { city: 'York', districts: ['YO1', 'YO10', 'YO31'], businesses: 5, phonePrefix: null },
  { city: 'Preston', districts: ['PR1', 'PR2'], businesses: 6, phonePrefix: null },
  { city: 'Luton', districts: ['LU1', 'LU2', 'LU4'], businesses: 7, phonePrefix: null },
  { city: 'Reading', districts: ['RG1', 'RG2', 'RG30'], businesses: 6, phonePrefix: '0118 496 0' },
  { city: 'Norwich', districts: ['NR1', 'NR2', 'NR3'], businesses: 5, phonePrefix: null },
  { city: 'Exeter', districts: ['EX1', 'EX2', 'EX4'], businesses: 4, phonePrefix: null },
  { city: 'Wolverhampton', districts: ['WV1', 'WV3'], businesses: 5, phonePrefix: null },
  { city: 'Derby', districts: ['DE1', 'DE22', 'DE23'], businesses: 5, phonePrefix: null },
  { city: 'Blackburn', districts: ['BB1', 'BB2'], businesses: 6, phonePrefix: null },
  { city: 'Huddersfield', districts: ['HD1', 'HD2'], businesses: 4, phonePrefix: null },
];

export const DEMO_CATEGORIES = [
  'Restaurant',
  'Cafe',
  'Bakery',
  'Grocery',
  'Clothing',
  'Bookshop',
  'Beauty & Wellness',
  'Health',
  'Tech & Services',
  'Arts & Crafts',
  'Home & Garden',
  'Education',
] as const;
export type DemoCategory = (typeof DEMO_CATEGORIES)[number];

export const CATEGORY_WEIGHTS: Record<DemoCategory, number> = {
  Restaurant: 18,
  Cafe: 12,
  Bakery: 8,
  Grocery: 12,
  Clothing: 7,
  Bookshop: 5,
  'Beauty & Wellness': 8,
  Health: 6,
  'Tech & Services': 8,
  'Arts & Crafts': 6,
  'Home & Garden': 5,
  Education: 5,
};

export const NAME_PREFIXES = [
  'Olive Grove', 'Zaytoon', 'Sumac', "Za'atar", 'Cedar', 'Fig Tree', 'Pomegranate', 'Orange Blossom', 'Jasmine',
  'Mint Leaf', 'Sesame', 'Saffron', 'Sunbird', 'Red Anemone', 'Almond', 'Date Palm', 'Wild Thyme', 'Cardamom',
  'Levant', 'Dabke', 'Tabun', 'Sahtein', 'Yalla', 'Ahlan', 'Baladi', 'Watan', 'Sumud', 'Karama', 'Bayt', 'Tatreez',
  'Olive Branch', 'Lemon Tree', 'Blue Door', 'Copper Kettle', 'Lantern', 'Common Ground', 'Open Door',
  'Good Neighbour', 'Canal Side', 'Riverside', 'Old Town', 'Market Row', 'Corner House', 'Hillside', 'Crescent',
  'Harbour', 'Parkside', 'Millstone', 'Brickworks', 'Northern Quarter', 'Green Lane', 'Unity', 'Heritage',
  'Evergreen', 'Golden Wheat', 'Silver Birch', 'Little Orchard', 'Stonebridge',
];

export const PLACE_WORDS = ['Jaffa', 'Yafa', 'Nablus', 'Hebron', 'Gaza', 'Haifa', 'Akka', 'Ramallah', 'Jenin', 'Safad', 'Bethlehem', 'Jericho', 'Nazareth', 'Tulkarm'];

export const PAIR_WORDS = ['Olive', 'Thyme', 'Fig', 'Mint', 'Sage', 'Sumac', 'Honey', 'Almond', 'Cedar', 'Sesame', 'Rose', 'Saffron', 'Lemon', 'Date', 'Pistachio', 'Clove'];

export const OWNER_FIRST_NAMES = [
  'Amal', 'Yusuf', 'Layla', 'Omar', 'Huda', 'Samir', 'Rania', 'Karim', 'Noor', 'Tariq', 'Maryam', 'Fadi', 'Dina',
  'Bilal', 'Salma', 'Hana', 'Ibrahim', 'Zainab', 'Rami', 'Leila', 'Maggie', 'Tom', 'Priya', 'Declan', 'Aisha',
  'Kofi', 'Siobhan', 'Hamish', 'Bronwen', 'Raj', 'Teta', 'Sitti', 'Abu Sami', 'Umm Khalil',
];

export const STREET_NAMES = [
  'High Street', 'Church Road', 'Station Road', 'Victoria Road', 'Market Street', 'King Street', 'Queen Street',
  'Mill Lane', 'Park Road', 'London Road', 'Albert Road', 'Green Lane', 'North Street', 'Castle Street',
  'Bridge Street', 'New Road', 'Chapel Street', 'Grove Road', 'Manor Road', 'Union Street', 'Broad Street',
  'Commercial Road', 'Stanley Road', 'Cross Street', 'Spring Gardens', 'Duke Street', 'Princes Street', 'York Road',
  'Crown Street', 'Regent Street', 'Wellington Road', 'Clarence Street', 'Hope Street', 'Water Lane', 'Oxford Road',
  'Canal Street', 'Edward Street', 'Silver Street', 'Friar Lane', 'Gloucester Road', 'Milton Road', 'Elm Grove',
  'Beech Avenue', 'Orchard Way', 'Holly Road', 'Brook Street', 'Alexandra Road', 'Cemetery Road', 'Fountain Street',
];

export const ADDRESS_UNITS = ['Unit 2', 'Unit 4', 'Unit 7', 'Unit 12', 'First Floor', 'Ground Floor', 'Suite 3', 'Arch 5'];

/** Each category has a few kinds of business; a kind's name suffixes and descriptions agree with each other. */
export interface BusinessKind {
  suffixes: string[];
  openers: string[];
}

export const CATEGORY_KINDS: Record<DemoCategory, BusinessKind[]> = {
  Restaurant: [
    {
      suffixes: ['Kitchen', 'Eatery', 'Table', 'Dining Room', 'Mezze House', 'Canteen'],
      openers: [
        'Family-run Palestinian restaurant serving musakhan, maqluba and charcoal-grilled mezze.',
        'Sit-down restaurant cooking recipes passed down from a grandmother in Nablus.',
        'Relaxed dining room serving mezze, grills and a weekend brunch with shakshuka.',
        'Levantine kitchen in {city} with slow-cooked lamb, fresh falafel and homemade hummus.',
      ],
    },
    {
      suffixes: ['Grill', 'Charcoal Grill', 'Shawarma', 'Falafel Bar'],
      openers: [
        'Neighbourhood grill known for shawarma wraps, fattoush and generous sharing platters.',
        'Busy takeaway and grill where the bread comes straight out of a wood-fired oven.',
        'Late-night falafel and shawarma counter with a few tables by the window.',
      ],
    },
  ],
  Cafe: [
    {
      suffixes: ['Cafe', 'Coffee House', 'Coffee Co.', 'Espresso Bar', 'Coffee Corner'],
      openers: [
        'Independent coffee house pouring cardamom coffee, mint tea and good flat whites.',
        "Cosy cafe with za'atar manakish, fresh juices and a shelf of books to borrow.",
        'Bright corner cafe in {city} roasting small batches of beans every week.',
        'Community cafe that doubles as a meeting space for local groups.',
      ],
    },
    {
      suffixes: ['Tea Room'],
      openers: ['Friendly tea room with homemade cakes, soups and a quiet room upstairs for studying.'],
    },
    {
      suffixes: ['Juice Bar'],
      openers: ['Fresh juices, smoothies and sage tea, with light bites all day.'],
    },
  ],
  Bakery: [
    {
      suffixes: ['Bakery', 'Bakehouse', 'Oven', 'Bread Co.'],
      openers: [
        "Traditional bakery making ka'ak, fresh pitta and manakish every morning.",
        'Artisan bakehouse with sourdough, date maamoul and pistachio baklava.',
        'Small family bakery in {city}; the cheese fatayer sell out by noon.',
      ],
    },
    {
      suffixes: ['Patisserie', 'Sweets', 'Knafeh House'],
      openers: [
        'Patisserie mixing French technique with Palestinian sweets.',
        'Sweet shop famous for warm Nablus-style knafeh, baklava and ice cream.',
      ],
    },
  ],
  Grocery: [
    {
      suffixes: ['Grocers', 'Market', 'Supermarket', 'Food Store'],
      openers: [
        "Independent grocer stocking Palestinian olive oil, freekeh, za'atar and maftoul.",
        'Family-run supermarket in {city} with a big fruit and vegetable section.',
        'Refill and whole-foods store with a growing range of fair-trade goods.',
      ],
    },
    {
      suffixes: ['Pantry', 'Deli', 'Foods'],
      openers: [
        'Neighbourhood pantry selling dates, tahini and pickles from small producers.',
        'Deli counter with olives, labneh, cheeses and fresh bread, plus Middle Eastern staples.',
      ],
    },
    {
      suffixes: ['Halal Butchers'],
      openers: [
        'Halal butcher with fresh lamb, chicken and marinated cuts ready for the grill.',
        'Family butchers in {city}; order ahead for Eid and big family gatherings.',
      ],
    },
  ],
  Clothing: [
    {
      suffixes: ['Threads', 'Apparel', 'Clothing Co.', 'Wear'],
      openers: [
        'Independent clothing shop with ethically made basics and locally printed T-shirts.',
        'Streetwear label from {city} with designs inspired by tatreez patterns.',
      ],
    },
    {
      suffixes: ['Boutique', 'Modest Fashion'],
      openers: [
        'Boutique selling keffiyehs, embroidered jackets and everyday modest wear.',
        'Modest fashion boutique with abayas, scarves and occasion wear.',
      ],
    },
    {
      suffixes: ['Tailoring', 'Tailors'],
      openers: ['Tailor offering alterations, made-to-measure suits and repairs while you wait.'],
    },
  ],
  Bookshop: [
    {
      suffixes: ['Books', 'Bookshop', 'Reading Room', 'Pages', 'Book Exchange', 'Bookstore'],
      openers: [
        'Independent bookshop with a strong Middle Eastern history and poetry section.',
        "Second-hand books, Arabic-English bilingual titles and a lively children's corner.",
        'Radical bookshop and reading room in {city} that hosts author talks every month.',
      ],
    },
  ],
  'Beauty & Wellness': [
    {
      suffixes: ['Beauty', 'Salon', 'Hair & Beauty'],
      openers: ['Unisex salon offering cuts, colour and threading.', 'Beauty studio in {city} using cruelty-free products only.'],
    },
    {
      suffixes: ['Barbers'],
      openers: ['Traditional barbers with hot-towel shaves and beard trims.', 'Walk-in barbershop; fades, trims and kids cuts.'],
    },
    {
      suffixes: ['Spa', 'Wellness Studio', 'Yoga Studio'],
      openers: [
        'Calm wellness studio running yoga, pilates and massage sessions.',
        'Hammam-style spa with steam room, scrubs and olive oil soap treatments.',
      ],
    },
  ],
  Health: [
    {
      suffixes: ['Pharmacy', 'Chemist'],
      openers: ['Independent pharmacy offering prescriptions, travel vaccines and health checks.'],
    },
    { suffixes: ['Dental Care', 'Dental Practice'], openers: ['Friendly dental practice accepting new NHS and private patients.'] },
    { suffixes: ['Physiotherapy', 'Clinic'], openers: ['Physiotherapy clinic treating sports injuries and back pain.'] },
    { suffixes: ['Opticians', 'Eyecare'], openers: ['Opticians with eye tests, frames for every budget and contact lenses.'] },
  ],
  'Tech & Services': [
    {
      suffixes: ['Tech', 'Phone Repairs', 'Mobile Repairs'],
      openers: ['Phone and laptop repairs, usually done the same day.', 'Second-hand phones, unlocking and screen repairs.'],
    },
    {
      suffixes: ['Digital', 'IT Solutions', 'Web Studio'],
      openers: ['Small IT company helping local charities and shops with websites and networks.'],
    },
    { suffixes: ['Print Shop', 'Printers'], openers: ['Print shop for flyers, banners and placards, with a fast turnaround.'] },
    { suffixes: ['Accountants', 'Bookkeeping'], openers: ['Accountants for sole traders and small businesses in {city}.'] },
    { suffixes: ['Removals'], openers: ['Removals and man-with-a-van service covering {city} and beyond.'] },
  ],
  'Arts & Crafts': [
    {
      suffixes: ['Crafts', 'Embroidery', 'Studio'],
      openers: ['Craft shop and studio selling hand-stitched tatreez embroidery and running workshops.'],
    },
    { suffixes: ['Pottery'], openers: ['Pottery studio with open sessions, evening classes and a small shop.'] },
    { suffixes: ['Gallery'], openers: ['Gallery showing work by Palestinian and local artists, with prints for sale.'] },
    {
      suffixes: ['Framing', 'Art Supplies'],
      openers: ['Picture framing and art supplies, with a noticeboard for local artists.'],
    },
  ],
  'Home & Garden': [
    { suffixes: ['Florist', 'Flowers'], openers: ['Florist with seasonal bouquets, olive trees and houseplants.'] },
    {
      suffixes: ['Home', 'Interiors', 'Rugs & Textiles', 'Furniture'],
      openers: ['Interiors shop selling hand-woven rugs, ceramics and Hebron glass.'],
    },
    { suffixes: ['Hardware'], openers: ['Independent hardware store: keys cut, tools hired and good advice free.'] },
    {
      suffixes: ['Garden Centre'],
      openers: ["Garden centre on the edge of {city} with a cafe and children's play area."],
    },
  ],
  Education: [
    {
      suffixes: ['Tutors', 'Learning Centre', 'Academy'],
      openers: [
        'Tutoring centre offering maths, science and English for GCSE and A-level.',
        'Learning centre in {city} with homework clubs and adult education courses.',
      ],
    },
    {
      suffixes: ['Language School', 'Arabic School'],
      openers: ['Arabic language school with weekend classes for children and adults.'],
    },
    { suffixes: ['Music School'], openers: ['Music school teaching oud, guitar and piano to all ages.'] },
  ],
};

/** Plausible re-categorisations for 'category' suggestions. */
export const NEIGHBOUR_CATEGORY: Record<DemoCategory, DemoCategory> = {
  Restaurant: 'Cafe',
  Cafe: 'Restaurant',
  Bakery: 'Cafe',
  Grocery: 'Bakery',
  Clothing: 'Arts & Crafts',
  Bookshop: 'Education',
  'Beauty & Wellness': 'Health',
  Health: 'Beauty & Wellness',
  'Tech & Services': 'Education',
  'Arts & Crafts': 'Home & Garden',
  'Home & Garden': 'Arts & Crafts',
  Education: 'Bookshop',
};

export const DESCRIPTION_EXTRAS = [
  'Wheelchair accessible, with a step-free entrance.',
  'Proudly independent since {year}.',
  'Hosts monthly community evenings and fundraisers; everyone is welcome.',
  'Ask about the loyalty card.',
  'Run by two sisters who moved to {city} in the nineties.',
  'Card and contactless only.',
  'Student discount on weekdays.',
  'Friendly staff and plenty of space for prams.',
  'Arabic, English and Urdu spoken.',
  'Five minutes from the bus station.',
];

/** Extras that only make sense for food businesses. */
export const FOOD_EXTRAS = [
  'Vegetarian and vegan options every day.',
  'Part of every sale on the first Friday of the month goes to medical aid charities.',
  'Booking recommended at weekends.',
  'Stocks olive oil from West Bank farming cooperatives.',
  'Free Wi-Fi and plenty of sockets.',
  'Deliveries across {city} through the week.',
  'Catering available for weddings, iftars and office lunches.',
];

export const FOOD_CATEGORIES: readonly string[] = ['Restaurant', 'Cafe', 'Bakery', 'Grocery'];

export const PROOF_OF_SUPPORT = [
  'Displays the Palestinian flag in the window and donates 10% of Friday takings to medical aid charities.',
  "Sells fair-trade olive oil and za'atar sourced from Palestinian farming cooperatives.",
  "Signed the local traders' pledge for Palestine; posters are up in the shop.",
  'Hosted three fundraising evenings for humanitarian relief this year.',
  'Public statement of support pinned on the business social media pages.',
  'Stocks Palestinian-made products and donates part of the proceeds.',
  'Acts as a collection point for community aid donations.',
  'Keeps a boycott-conscious supplier list on display at the counter.',
  'Sponsors a local Palestinian cultural festival every year.',
  "Sells tatreez embroidery made by women's cooperatives, with the makers paid in full.",
  'Offers free meals to anyone raising money for Palestinian relief charities.',
  'Owner speaks regularly at community solidarity events.',
  'Runs a donation box for children\'s charities at the till all year round.',
  'Gives its back room free of charge to Palestine solidarity groups for meetings.',
];

export const MEMBER_FIRST_NAMES = [
  'Amira', 'Yusuf', 'Layla', 'Omar', 'Hannah', 'James', 'Priya', 'Kwame', 'Siobhan', 'Callum', 'Fatima', 'Daniel',
  'Noor', 'Ellie', 'Samir', 'Grace', 'Tariq', 'Chloe', 'Ibrahim', 'Megan', 'Rania', 'Owen', 'Zainab', 'Liam',
  'Huda', 'Aaron', 'Maryam', 'Rhys', 'Salma', 'Ewan', 'Dina', 'Connor', 'Leila', 'Harvey', 'Aisha', 'Finlay',
  'Nadia', 'Kieran', 'Sana', 'Morgan',
];

export const MEMBER_LAST_NAMES = [
  'Haddad', 'Khalil', 'Morgan', 'Patel', 'Okafor', 'Murphy', 'Campbell', 'Hughes', 'Rahman', 'Evans', 'Shah',
  'Doyle', 'Mansour', 'Jenkins', 'Abbas', 'Reid', 'Nasser', 'Fraser', 'Begum', "O'Neill", 'Saleh', 'Price', 'Ali',
  'Walsh', 'Darwish', 'Quinn', 'Awad', 'Lloyd', 'Barakat', 'Stewart', 'Hamdan', 'Kerr', 'Zaid', 'Byrne', 'Salem',
  'Bell', 'Odeh', 'Lynch', 'Aziz', 'Parry',
];

export const COMMENT_OPENERS = [
  'Lovely place!',
  'Great little spot.',
  'Went here last weekend with the family.',
  'Been coming here for years.',
  'Popped in after work today.',
  'Really friendly owners.',
  'Highly recommend.',
  'Solid 5 stars from me.',
  'First visit today and definitely not the last.',
  'Such a welcoming atmosphere.',
  'A hidden gem.',
  'Good value and good people.',
];

export const COMMENT_DETAILS = [
  'The staff remembered my name on the second visit.',
  'They were happy to explain where everything is sourced from.',
  'Prices are fair and the quality is excellent.',
  'It can get busy on Saturdays so go early.',
  'Lovely to see a business standing up for what is right.',
  'The owner told us about the charity evening they are running next month.',
  'Parking nearby is a bit tricky, but the bus stops right outside.',
  'They had a collection box for medical aid at the counter.',
  'Everything was spotless and the service was quick.',
  'My kids loved it.',
  'Nice to support a local independent instead of a chain.',
  'The hours listed here were right when I went.',
  'Would be great if they opened a bit later in the evenings.',
  'Card machine was down when I visited, so bring some cash just in case.',
  'Really good for a quick visit at lunchtime.',
  'They were flying the flag proudly outside.',
  'I asked about the olive oil on the shelf and ended up chatting for twenty minutes about the cooperative it comes from, which was genuinely interesting.',
  'We came as a group of eight without booking and they still found space for us, moved a couple of tables around and did not rush us at all.',
  'It is so refreshing to find somewhere that is open about its values and still manages to be welcoming to absolutely everyone who walks through the door.',
  'The prices have gone up a little since last year, which is understandable, but it is still better value than most places around here.',
  'One small thing: the sign outside is easy to miss, so look out for the green door next to the launderette.',
]

export const COMMENT_SHORT = ['Love it', 'Great!', 'Brilliant', 'Superb', '10/10', 'Top place', 'Yes!!', 'Recommended'];

export { REPORT_REASONS } from '@zaytoon/contract';
import { REPORT_REASONS } from '@zaytoon/contract';

export const REPORT_DESCRIPTIONS: Record<(typeof REPORT_REASONS)[number], string[]> = {
  'Inaccurate information': [
    'The opening hours are wrong; they close at 5pm on Saturdays now.',
    'Phone number listed goes to a different business.',
    'The address should be the other end of the street.',
  ],
  'Does not support Palestine': [
    'The proof of support link no longer shows anything.',
    'Staff told me they do not want to be on this list.',
  ],
  'Business closed/moved': [
    'Shop has been boarded up for a few weeks.',
    'They moved to a bigger unit across town.',
  ],
  'Inappropriate content': ['The description contains an offensive remark.'],
  'Spam or duplicate': ['This looks like a duplicate of another listing with a slightly different name.', 'Same business listed twice.'],
  Other: ['Not sure this is a real business, could someone check?', 'Website link seems to be broken.'],
};

export const SUGGESTION_REASONS = [
  'I was there last week and this has changed.',
  'Saw this on their shop window.',
  'The owner asked me to update it.',
  'Found this on their flyer.',
  'Listing was missing this information.',
  'This is more accurate.',
  '',
];

// ---- national-scale seed (scale-seed.ts) ----------------------------------------------------------

/** More name words for the national-scale seed, mixed with NAME_PREFIXES so 100,000 names stay varied. */
export const SCALE_NAME_WORDS = [
  'Anemone', 'Bluebell', 'Bramble', 'Carob', 'Cypress', 'Damask', 'Falcon', 'Galilee', 'Hawthorn', 'Heron',
  'Juniper', 'Kestrel', 'Lavender', 'Linden', 'Marigold', 'Meadow', 'Nightingale', 'Oakwood', 'Orchard', 'Poppy',
  'Quince', 'Rosemary', 'Sparrow', 'Tamarind', 'Thistle', 'Willow', 'Wren', 'Yarrow', 'Zahra', 'Amber', 'Beacon',
  'Cobblestone', 'Foundry', 'Granary', 'Kiln', 'Lighthouse', 'Loom', 'Mosaic', 'Pavilion', 'Quayside', 'Terrace',
  'Wharf', 'Arcade', 'Courtyard', 'Garden Gate', 'Town Square', 'Viaduct', 'Weavers', 'Tannery', 'Sunrise',
  'Moonlight', 'Northern Star', 'Little Olive', 'Vine Leaf', 'Grapevine', 'Carnation', 'Lotus', 'Maple', 'Hazel',
  'Rowan', 'Kingfisher', 'Swallow', 'Dove', 'Cornerstone', 'Keystone', 'Red Brick', 'Green Door', 'Yellow Door',
];

/** Extra sentences per category, full of everyday search words (bakery, falafel, coffee, books, halal, vegan...). */
export const SCALE_DESCRIPTION_EXTRAS: Record<DemoCategory, string[]> = {
  Restaurant: [
    'Famous locally for crispy falafel, smoky baba ghanoush and warm flatbread.',
    'Halal menu with vegan and gluten-free dishes clearly marked.',
    'Takeaway, delivery and a private room for birthdays.',
    'The mixed grill and the lentil soup are the regulars\' favourites.',
    'Big portions, small prices and a children\'s menu.',
  ],
  Cafe: [
    'Good coffee, fresh pastries and a window seat for people-watching.',
    'Specialty coffee with oat milk at no extra cost, plus hot chocolate for the kids.',
    'Breakfast served all day; the halloumi wrap is a local legend.',
    'Laptop-friendly in the mornings, board games in the evenings.',
  ],
  Bakery: [
    'Fresh bread, sourdough loaves and birthday cakes to order.',
    'A proper neighbourhood bakery: croissants, cinnamon buns and sesame bagels.',
    'Gluten-free cakes every weekend and vegan brownies every day.',
    'Bakes pitta, manakish and date cookies early every morning.',
  ],
  Grocery: [
    'Fresh fruit and vegetables, spices by weight and a halal meat counter.',
    'Olive oil, tahini, dates, rice and lentils at fair prices.',
    'Open late, with fresh bread, coffee beans and a cold drinks fridge.',
    'Organic produce and refills of washing-up liquid and oats.',
  ],
  Clothing: [
    'Vintage jackets, denim and keffiyeh scarves.',
    'Sustainable fashion, repairs and a clothes swap on the last Sunday of the month.',
    'Children\'s clothes, school uniforms and sportswear.',
  ],
  Bookshop: [
    'New and second-hand books, maps, comics and greeting cards.',
    'Poetry, history and children\'s books, with a reading group every fortnight.',
    'Arabic books, language courses and a corner for rare books.',
  ],
  'Beauty & Wellness': [
    'Haircuts, beard trims, threading and henna.',
    'Massage, facials and a calm treatment room.',
    'Yoga and meditation classes for beginners.',
  ],
  Health: [
    'Walk-in appointments, flu jabs and blood pressure checks.',
    'Eye tests, glasses and contact lenses.',
    'Sports massage, physio and rehabilitation.',
  ],
  'Tech & Services': [
    'Phone repairs, laptop repairs and screen replacements while you wait.',
    'Websites, printing and bookkeeping for small businesses.',
    'Computer help for older people, free on Wednesday mornings.',
  ],
  'Arts & Crafts': [
    'Embroidery kits, pottery classes and art supplies.',
    'Prints, posters and picture framing.',
    'Workshops in calligraphy, ceramics and weaving.',
  ],
  'Home & Garden': [
    'Houseplants, olive trees, flowers and garden tools.',
    'Rugs, cushions, lamps and handmade ceramics.',
    'Paint, hardware, keys cut and DIY advice.',
  ],
  Education: [
    'Maths, English and science tuition for all ages.',
    'Arabic, Urdu and English classes for children and adults.',
    'Music lessons, exam preparation and holiday clubs.',
  ],
};
