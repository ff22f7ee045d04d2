/*
 * The vehicle-type catalogue the vehicle step searches: makes, models and their common variants
 * as sold in South Africa. Reference data rather than demo data: every database gets it, keyed by
 * make and variant (case-insensitive) and added only when missing.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

/** Make: model: variant | variant; models separated by ';'. A model without variants stands alone. */
const CATALOGUE: Record<string, string> = {
  Toyota:
    'Hilux: 2.4 GD-6 SR | 2.4 GD-6 Raider | 2.8 GD-6 Legend | 2.8 GD-6 GR-Sport; Corolla Cross: 1.8 Xi | 1.8 XS | 1.8 Hybrid XR; ' +
    'Fortuner: 2.4 GD-6 | 2.8 GD-6 VX; Corolla: 1.8 XS | 2.0 XR; Starlet: 1.5 Xi | 1.5 XR; Urban Cruiser: 1.5 XS | 1.5 XR; ' +
    'Rumion: 1.5 SX; Vitz: 1.0 XR; Land Cruiser 79: 4.5 V8 Double Cab; Land Cruiser Prado: 2.8 GD-6 VX-L; RAV4: 2.0 GX | 2.5 Hybrid VX; ' +
    "Hiace: 2.5 D-4D Ses'fikile; Quantum: 2.5 D-4D; Etios: 1.5 Xi; Avanza: 1.5 SX; Yaris: 1.5 Xs; Agya: 1.0",
  Volkswagen:
    'Polo Vivo: 1.4 Trendline | 1.4 Comfortline | 1.6 Highline | 1.0 TSI GT; Polo: 1.0 TSI Life | 1.0 TSI R-Line | 2.0 TSI GTI; ' +
    'Golf: 1.4 TSI Life | 2.0 TSI GTI | 2.0 TSI R; T-Cross: 1.0 TSI Life | 1.5 TSI R-Line; Tiguan: 1.4 TSI Life | 2.0 TSI R-Line; ' +
    'Amarok: 2.0 BiTDI Life | 3.0 TDI V6 Style; Taigo: 1.0 TSI Style; Caddy: 1.6 Cargo; Transporter: 2.0 TDI Kombi; Touareg: 3.0 TDI Executive',
  Ford:
    'Ranger: 2.0 SiT XL | 2.0 BiT XLT | 2.0 BiT Wildtrak | 3.0 V6 Wildtrak | 3.0 V6 Raptor; Everest: 2.0 BiT XLT | 3.0 V6 Platinum; ' +
    'EcoSport: 1.5 Ambiente | 1.0 EcoBoost Titanium; Figo: 1.5 Ambiente | 1.5 Trend; Fiesta: 1.0 EcoBoost Trend; Focus: 1.0 EcoBoost Trend; ' +
    'Territory: 1.5T Trend; Tourneo Custom: 2.0 TDCi Trend; Transit Custom: 2.2 TDCi',
  Suzuki:
    'Swift: 1.2 GA | 1.2 GL | 1.2 GLX; Dzire: 1.2 GA | 1.2 GL; Baleno: 1.5 GL | 1.5 GLX; Vitara Brezza: 1.5 GL | 1.5 GLX; ' +
    'Ertiga: 1.5 GA | 1.5 GL; Celerio: 1.0 GA | 1.0 GL; S-Presso: 1.0 GL; Jimny: 1.5 GA | 1.5 GLX; Fronx: 1.5 GL | 1.5 GLX; ' +
    'Grand Vitara: 1.5 GL | 1.5 GLX; XL6: 1.5 GL; Eeco: 1.2 Panel Van; Super Carry: 1.2 Dropside',
  Hyundai:
    'Grand i10: 1.0 Motion | 1.2 Fluid; i20: 1.2 Motion | 1.2 Fluid | 1.0T N-Line; Venue: 1.0 TGDI Motion | 1.0 TGDI Fluid; ' +
    'Creta: 1.5 Premium | 1.4 TGDI Executive; Tucson: 2.0 Premium | 2.0 CRDi Elite; Santa Fe: 2.2 CRDi Elite; ' +
    'H100: 2.6 Bakkie; Staria: 2.2 CRDi Multicab; Atos: 1.1 Motion; Accent: 1.6 Fluid',
  Kia:
    'Picanto: 1.0 Start | 1.2 Style | 1.2 X-Line; Rio: 1.2 LS | 1.4 EX; Sonet: 1.5 LX | 1.5 EX+; Seltos: 1.5 EX | 1.4T GT-Line; ' +
    'Sportage: 2.0 LX | 1.6T GT-Line; Sorento: 2.2 CRDi EX; Pegas: 1.4 LX; K2700: 2.7 Workhorse',
  Nissan:
    'NP200: 1.6 8V | 1.6 Safety Pack; Navara: 2.5 DDTi SE | 2.5 DDTi LE | 2.5 DDTi PRO-4X; Magnite: 1.0 Visia | 1.0T Acenta; ' +
    'Almera: 1.5 Acenta; X-Trail: 2.5 Acenta | 1.5T e-Power; Qashqai: 1.3T Acenta; NP300 Hardbody: 2.5 TDi; Micra: 0.9T Acenta; ' +
    'Patrol: 5.6 V8 LE',
  Renault:
    'Kwid: 1.0 Life | 1.0 Climber; Kiger: 1.0 Zen | 1.0T Intens; Triber: 1.0 Expression | 1.0 Prestige; Clio: 1.0T Life | 1.0T Intens; ' +
    'Duster: 1.5 dCi Zen | 1.5 dCi Techroad; Captur: 1.3T Intens; Sandero: 0.9T Stepway',
  Isuzu:
    'D-Max: 1.9 Ddi L | 1.9 Ddi LS | 3.0 Ddi LSE | 3.0 Ddi V-Cross | 3.0 Ddi AT35; MU-X: 3.0 Ddi LS | 3.0 Ddi Onyx; ' +
    'N-Series: NPR 400 | NQR 500; F-Series: FTR 850',
  Mahindra:
    'Pik Up: 2.2 mHawk S4 | 2.2 mHawk S6 | 2.2 mHawk S11 Karoo; Scorpio-N: 2.2 mHawk Z8; XUV300: 1.2T W8; XUV700: 2.0T AX7; ' +
    'KUV100: 1.2 K6+; Bolero: 2.5 Maxitruck',
  Haval:
    'Jolion: 1.5T City | 1.5T Premium | 1.5 HEV Ultra Luxury; H6: 2.0T Premium | 1.5 HEV Ultra Luxury; H6 GT: 2.0T Super Luxury',
  GWM: 'P-Series: 2.0TD SX | 2.0TD LT; Steed 5: 2.0 VGT SX; Steed 6: 2.0 VGT Xscape; Tank 300: 2.0T Super Luxury; Ora 03: Super Luxury',
  Chery:
    'Tiggo 4 Pro: 1.5 Urban | 1.5T LIT; Tiggo 7 Pro: 1.5T Distinction | 1.6T Executive; Tiggo 8 Pro: 1.6T Executive | 2.0T Max',
  Omoda: 'C5: 1.5T S | 1.5T Elegance | 1.6T GT',
  Jaecoo: 'J7: 1.6T Glide | 1.6T Vortex',
  BMW:
    '1 Series: 118i M Sport | 128ti; 2 Series: 218i Gran Coupe | M240i; 3 Series: 320i M Sport | 320d | M340i xDrive; ' +
    '5 Series: 520d M Sport | 530e; X1: sDrive18i | xDrive20d; X3: xDrive20d M Sport | M40i; X5: xDrive30d | M60i; X7: xDrive40i; ' +
    'iX: xDrive40; i4: eDrive40',
  'Mercedes-Benz':
    'A-Class: A200 Progressive | A35 AMG; C-Class: C200 Avantgarde | C220d AMG Line | C63 S AMG; E-Class: E220d | E300 AMG Line; ' +
    'GLA: GLA200 Progressive; GLC: GLC220d 4Matic | GLC300 4Matic; GLE: GLE300d 4Matic; Vito: 116 CDI Tourer; Sprinter: 516 CDI Panel Van; ' +
    'X-Class: X250d Progressive',
  Audi:
    'A1: 30 TFSI Sportback | 35 TFSI S line; A3: 35 TFSI Sportback | 35 TFSI Sedan; A4: 35 TFSI Advanced | 40 TDI quattro S line; ' +
    'Q2: 35 TFSI; Q3: 35 TFSI S line; Q5: 40 TDI quattro; Q7: 45 TDI quattro; Q8: 55 TFSI quattro; RS3: Sportback',
  Mazda:
    'Mazda2: 1.5 Dynamic | 1.5 Individual; Mazda3: 1.5 Active | 2.0 Astina; CX-3: 2.0 Active; CX-30: 2.0 Dynamic; CX-5: 2.0 Active | 2.5 Akera; BT-50: 1.9 Active | 3.0 Individual',
  Honda:
    'Amaze: 1.2 Trend | 1.2 Comfort; Fit: 1.5 Comfort; BR-V: 1.5 Comfort; HR-V: 1.5 Comfort; CR-V: 1.5T Executive; Ballade: 1.5 Elegance; Civic: 1.5T RS',
  Mitsubishi:
    'Triton: 2.4 Di-D GL | 2.4 Di-D GLS | 2.4 Di-D Xtreme; Pajero Sport: 2.4 Di-D Exceed; ASX: 2.0 GL | 2.0 ES; Outlander: 2.4 GLS; Xpander: 1.5 GLS; Eclipse Cross: 2.0 GLS',
  Opel: 'Corsa: 1.2 Edition | 1.2T Elegance; Mokka: 1.2T Elegance; Grandland: 1.6T Cosmo; Crossland: 1.2T Edition; Combo: 1.6 TD Cargo',
  Peugeot:
    '208: 1.2 Active | 1.2T Allure; 2008: 1.2T Active | 1.2T GT; 3008: 1.6T Allure; Landtrek: 1.9TD Allure | 2.4T 4Action; Partner: 1.6 HDi Panel Van',
  Citroen: 'C3: 1.2 Feel | 1.2T Shine; C3 Aircross: 1.2T Feel; C5 Aircross: 1.6T Shine; Berlingo: 1.6 HDi',
  Fiat: 'Panda: 0.9 TwinAir Cross; 500: 1.2 Pop | 0.9 TwinAir Lounge; Fiorino: 1.4 Panel Van; Doblo: 1.4 Cargo; Tipo: 1.4 Easy',
  Jeep: 'Renegade: 1.4T Longitude; Compass: 1.4T Limited; Wrangler: 3.6 V6 Rubicon; Grand Cherokee: 3.6 V6 Limited; Gladiator: 3.6 V6 Rubicon',
  'Land Rover':
    'Defender: 110 D250 SE | 90 P300; Discovery: D300 HSE; Discovery Sport: D200 S | P250 R-Dynamic; Range Rover Evoque: P200 S | D200 R-Dynamic; ' +
    'Range Rover Velar: D300 R-Dynamic; Range Rover Sport: D350 Dynamic SE; Range Rover: D350 HSE',
  Volvo:
    'XC40: B4 Plus | Recharge Twin; XC60: B5 Momentum | B6 Ultimate; XC90: B5 Momentum | T8 Inscription; S60: B5 Momentum',
  Lexus: 'UX: 250h EX; NX: 350h F Sport; RX: 350 EX; LX: 600 VIP; IS: 300h SE',
  Porsche: 'Macan: 2.0T | GTS; Cayenne: 3.0 V6 | Coupe E-Hybrid; 911: Carrera S | Turbo S; Taycan: 4S',
  Subaru: 'Forester: 2.0i-L | 2.5i-S ES; Outback: 2.5i-S ES; XV: 2.0i-S ES; WRX: 2.4 RS',
  Proton: 'Saga: 1.3 Standard | 1.3 Premium; X50: 1.5T Standard | 1.5T Executive; X70: 1.5T Executive',
  BAIC: 'Beijing X55: 1.5T Elite; B40: Plus 2.0T; X25: 1.5 Comfort',
  JAC: 'T6: 2.0 CTi Lux; T8: 2.0 CTi Lux | 2.0 CTi Tornado; S3: 1.6 Luxury; X200: 2.8 Dropside',
  Foton: 'Tunland: 2.8 CTi Luxury; Gratour: 1.5 Panel Van',
  MINI: 'Cooper: Hatch 3-door | S Hatch 5-door; Countryman: Cooper S | JCW ALL4; Clubman: Cooper S',
  Datsun: 'Go: 1.2 Lux | 1.2 Mid; Go+: 1.2 Panel Van',
  Chevrolet:
    'Spark: 1.2 L | 1.2 LS; Utility: 1.4 Club | 1.8 Sport; Cruze: 1.4T LT; Trailblazer: 2.8 LTZ; Aveo: 1.6 LS',
  'Great Wall': 'Steed 5: 2.2 Single Cab; Steed 5E: 2.4 Double Cab; H5: 2.0 VGT',
  Tata: 'Indica: 1.4 LX; Bolt: 1.2T XMS; Super Ace: 1.4 DLE; Xenon: 2.2 Dicor',
  UD: 'Croner: PKE 250 | GKE 280; Quester: CWE 330',
  Hino: '300 Series: 714 | 815; 500 Series: 1627',
  Tesla: 'Model 3: Long Range | Performance; Model Y: Long Range',
  BYD: 'Atto 3: Extended Range; Dolphin: Dynamic | Premium; Seal: Premium | Performance; Sealion 6: Dynamic DM-i',
};

export interface CatalogueEntry {
  make: string;
  variant: string;
  makeVariant: string;
}

/** The catalogue as rows, in a stable order. */
export const VEHICLE_TYPES: readonly CatalogueEntry[] = Object.entries(CATALOGUE).flatMap(([make, models]) =>
  models.split(';').flatMap((entry) => {
    const [model = '', variants = ''] = entry.split(':').map((part) => part.trim());
    const names =
      variants === '' ? [model] : variants.split('|').map((variant) => `${model} ${variant.trim()}`);
    return names.map((variant) => ({ make, variant, makeVariant: `${make} ${variant}` }));
  }),
);

/** Adds the catalogue rows that are missing (by make and variant, any case). */
export async function seedVehicleTypes(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const existing = new Set(
    (await db.selectFrom('vehicleTypes').select('makeVariant').execute()).map((row) =>
      row.makeVariant.toLowerCase(),
    ),
  );
  const missing = VEHICLE_TYPES.filter((entry) => !existing.has(entry.makeVariant.toLowerCase()));
  // In chunks: SQLite allows at most 32766 bound values per statement.
  for (let start = 0; start < missing.length; start += 200) {
    await db
      .insertInto('vehicleTypes')
      .values(missing.slice(start, start + 200))
      .execute();
  }
  return missing.length;
}
