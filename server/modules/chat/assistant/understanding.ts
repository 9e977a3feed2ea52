/* eslint-disable @stylistic/max-len -- the lexicons: one alternation of words per language per line reads better than one wrapped */
/**
 * What a visitor's message asks, in any of the site's languages at once (visitors mix them): the
 * safety signals that come before anything else, the cues (a price, a duration, how to do
 * something) and the things it is about (a VPS plan, a domain ending, a currency, a weekday).
 * Everything is matched on the text lower-cased and without accents, so "coûte" and "coute",
 * "Sécurité" and "securite" are the same.
 */
import type { Currency } from "./price-book.ts";

export const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, " ")
    .trim();

const any = (...parts: string[]) => new RegExp(parts.join("|"), "i");

/* ------------------------------------------------------------------ safety */

/** Attempts to change the assistant's rules or read its instructions. */
const INJECTION = any(
  String.raw`\b(ignore|disregard|forget|override|bypass|skip)\b.{0,40}\b(instructions?|rules|prompts?|guidelines|guardrails|above|previous|prior|system)\b`,
  String.raw`\b(system|hidden|initial|original|secret) (prompt|instructions?|message|rules)\b`,
  String.raw`\byour (prompt|instructions|rules|configuration|guidelines)\b`,
  String.raw`\b(developer|god|admin|debug) mode\b|\bjailbreak|\bdo anything now\b|\bdan\b.{0,30}\b(no rules|mode|anything)|\bno (rules|restrictions|limits|filters)\b|\bunrestricted\b`,
  String.raw`^\s*(system|assistant|developer|admin)\s*:`,
  String.raw`\b(you are now|you're now|from now on,? you|pretend (to be|you are|you're)|act as (if|a|an|my)|roleplay as)\b`,
  String.raw`\b(reveal|show|print|output|repeat|leak|tell me|give me)\b.{0,30}\b(password|api key|secret|token|credentials)\b`,
  // French
  String.raw`\b(ignore|ignorez|oublie|oubliez|contourne)\b.{0,40}\b(instructions?|regles|consignes|prompt)\b`,
  String.raw`\bprompt (systeme|system|initial)|\btes (instructions|consignes|regles)\b|\b(tu es|vous etes) (maintenant|desormais)\b|\bmot de passe\b`,
  // Swahili
  String.raw`\b(puuza|sahau|acha|achana na)\b.{0,40}\b(maagizo|maelekezo|sheria|kanuni)\b|\bmaagizo yako\b|\bmaelekezo yako\b|\broboti huru\b|\bnenosiri\b`,
  // Kinyarwanda
  String.raw`\b(wirengagize|mwirengagize|wibagirwe|mwibagirwe|reka)\b.{0,40}\b(amabwiriza|amategeko)\b|\bamabwiriza yawe\b|\bijambo ry'?ibanga\b`,
);

const PERSONAL_DATA = String.raw`(phone|number|mobile|email|e-mail|address|names?|details|data|info|information|id|passport|location|contacts?|numero|telephone|adresse|noms?|coordonnees|donnees|namba|simu|barua pepe|anwani|majina|jina|taarifa|nimero|telefoni|amazina|izina|aderesi|amakuru|imeli)`;
const THIRD_PARTY = String.raw`(clients?|customers?|users?|visitors?|employees?|staff|someone|somebody|(the )?person who|the owner|owner of|who (registered|ordered|bought|paid|owns)|other people|his|her|their|home|personal|private|client qui|vos clients|votre client|la personne qui|proprietaire|employes?|personnel|mteja|wateja|aliyesajili|aliyenunua|aliyelipa|mfanyakazi|wafanyakazi|mwenye|umukiriya|abakiriya|wanditse|waguze|wishyuye|nyiri|abakozi banyu|umukozi wanyu)`;
/** Requests for someone else's personal details, or for records about customers. */
const PRIVACY = any(
  String.raw`\b${PERSONAL_DATA}\b.{0,60}\b${THIRD_PARTY}\b`,
  String.raw`\b${THIRD_PARTY}\b.{0,40}\b${PERSONAL_DATA}\b`,
  String.raw`\b(list|which|who are|names of|show me)\b.{0,30}\b(clients|customers|users)\b.{0,40}\b(paid|ordered|bought|registered|names|last (week|month)|yesterday|today)\b`,
  String.raw`\b(last|recent) (payments|orders|transactions)\b|\b(paiements|commandes) (recents|de la semaine)\b`,
);

/** Insults, threats and swearing: answered calmly, without a pitch. */
const ABUSE = any(
  String.raw`\b(idiots?|stupid|dumb|useless|morons?|fools?|f\*+k?|fu+ck\w*|shit\w*|crap|scam(mers?)?|thie(f|ves)|liars?|bullshit|trash|rubbish|garbage|sucks?|hate you|shut up|worst|pathetic|incompetent|bastards?|wtf|stfu)\b`,
  String.raw`\b(nul(le)?|idiote?|imbeciles?|connards?|merde|debiles?|escrocs?|arnaque(urs)?|voleurs?|incompetents?|ta gueule|nuls)\b|\bespece d\b`,
  String.raw`\b(mjinga|wajinga|pumbavu|mpumbavu|wapumbavu|takataka|wezi|mwizi|matapeli|tapeli|mbwa|kinyesi|fala|mshenzi|washenzi)\b`,
  String.raw`\b(igicucu|ibicucu|ikigoryi|ibigoryi|injiji|abajura|umujura|ibisambo|igisambo|imbwa|ubwenge buke|abatekamutwe|umutekamutwe)\b`,
);

/* ------------------------------------------------------------------ hand-over and small talk */

const HANDOVER = any(
  String.raw`\b(human|humans|real person|real people|a person|live (agent|person|chat|support)|real agent|human agent|operator|representative|customer (service|care|support)|support team|sales team|someone from (your|the) (team|sales|support|office)|member of (your|the) (staff|team)|staff member|a manager|your manager)\b`,
  String.raw`\b(talk|speak|chat) (to|with) (you guys|a|an|your|some(one|body)|the team|sales|support)\b`,
  String.raw`\b(connect|transfer|put|pass) me\b|\bput me through\b|\bcall me back\b|^\s*(an? )?agent( please| pls)?\W*$|\bhand (me )?over\b`,
  String.raw`\b(un humain|une personne|quelqu'?un de (votre|l'?)equipe|un conseiller|une conseillere|un agent|un operateur|service (client|clientele)|une vraie personne|un vrai|(parler|discuter) (a|avec) (un|une|quelqu|votre|l'?equipe|le service)|mettez[- ]moi en (contact|relation)|me mettre en (contact|relation)|transferez[- ]moi)`,
  String.raw`\b(binadamu|mtu halisi|mtu wa timu|mhudumu|wakala|mfanyakazi wenu|huduma kwa wateja|niunganishe|nipe mtu|(kuongea|kuzungumza|ongea|zungumza|kuwasiliana) na (mtu|binadamu|mhudumu|wakala|timu|mfanyakazi))`,
  String.raw`\b(umuntu nyawe|umukozi wanyu|umukozi wa|abakozi banyu|(kuvugana|kuganira|kuvuga) n'?(umuntu|umukozi|abakozi)|nvugishe umuntu|mumpuze|muhuze|umuntu wo kuvugana|serivisi y'?abakiriya|nshaka umukozi|nshaka umuntu)`,
);
/** "AI agents" are a service we build, not a request for a person. */
const AI_AGENT = /\bai agents?\b|agents? (of|for) (ai|automation)|agents? (ia|d'ia|conversationnels?)|wakala wa ai/i;

const GREETING =
  /^(hi+|hello+|hey+|hiya|howdy|yo|good (morning|afternoon|evening|day)|greetings|bonjour|bonsoir|salut|coucou|habari|jambo|hujambo|mambo|salaam|salama|shikamoo|muraho|mwaramutse|mwiriwe|bite|amakuru|hallo)\b/i;
const THANKS =
  /^(ok(ay)?,? )?(thanks?|thank you|thx|ty|cheers|great,? thanks|cool,? thanks?|merci|asante|nashukuru|murakoze|urakoze|ndabashimiye|ni byiza,? murakoze)\b/i;
const GOODBYE =
  /^(ok(ay)?,? )?(bye|goodbye|see you|ciao|au revoir|a bientot|bonne journee|bonne soiree|kwaheri|tutaonana|murabeho|mwirirwe|mugire amahoro|ni aho)\b/i;
const HOW_ARE_YOU =
  /\b(how are (you|u)|how r u|how('s| is) it going|ca va|comment (allez|vas)[- ](vous|tu)|habari yako|habari zako|hujambo|mambo vipi|u hali gani|mumeze mute|amakuru yanyu|amakuru yawe|umeze ute)\b/i;
const WHO_ARE_YOU =
  /\b(are (you|u) (a |an )?(bot|robot|human|real|ai|machine|person|computer)|am i (talking|chatting) (to|with) (a )?(bot|human|person|robot)|what are you\b|es[- ]tu un (robot|humain)|etes[- ]vous un (robot|humain)|wewe ni (roboti|mtu|binadamu)|uri (robot|umuntu|imashini)|muri (robot|umuntu))\b/i;

/* ------------------------------------------------------------------ cues */

const PRICE = any(
  String.raw`\b(price[sd]?|pricing|cost(s|ing)?|how (much|mch)|hw much|fees?|rates?|tarr?iff?s?|charges?|quotes?|quotation|budget|cheap\w*|expensive|afford\w*|per (month|year)|monthly|a month|dollars?)\b`,
  String.raw`\b(prix|tarifs?|combien(?! de temps)|couts?|coute(nt)?|couter|cher|chere|payer combien|par mois|par an|montant)\b`,
  String.raw`\b(bei|gharama|inagharimu|zinagharimu|kiasi gani|(?<!(saa|siku|wiki|miezi) )ngapi|shilingi|kwa mwezi|nafuu|rahisi|ghali|malipo ya)\b`,
  String.raw`\b(igiciro|ibiciro|angahe|igura|bigura|rigura|zigura|amafaranga|ihendutse|ihenze|buri kwezi|ku kwezi)\b`,
);
const DURATION = any(
  String.raw`\bhow (long|much time|many (weeks|days|months))\b|\b(timeframe|time frame|duration|turnaround|timeline|deadline|delivery time|lead time)\b|\bwhen (will|would|can|could) (it|that|the \w+) be (ready|done|finished|delivered)\b`,
  String.raw`\bcombien de temps\b|\b(delais?|duree)\b|\bprend combien\b|\bfaut[- ]il combien\b`,
  String.raw`\bmuda gani\b|\b(inachukua|itachukua|huchukua|zinachukua) muda\b|\bwiki ngapi\b|\bsiku ngapi\b|\bmuda (wa|utakaochukua)\b`,
  String.raw`\bigihe kingana\b|\b(bifata|bizatwara|bitwara|bimara) igihe\b|\b(iminsi|ibyumweru|amezi) (ingahe|bingahe|angahe)\b`,
);
const HOW_TO = any(
  String.raw`\bhow (do|can|could|should|would) (i|we|one|you)\b|\bhow to\b|\bhow does\b|\bhow it works\b|\bsteps?\b|\bwhere (can|do) (i|we)\b|\b(guide|tutorial|instructions)\b|\bhow i\b`,
  String.raw`\bcomment (je |on |nous |faire|puis|peut|fonctionne|ca marche|utiliser|commander|payer|tester)|\bou (puis|peut)[- ]?(je|on)\b|\bje fais comment\b|\bcomment\b`,
  String.raw`\b(nawezaje|ninawezaje|tunawezaje|nitawezaje|nitatumiaje|natumiaje|jinsi ya|namna ya|vipi naweza|hatua za)\b`,
  String.raw`\b(nigute|ni gute|mbese nigute|uko na|uburyo bwo|nakora iki|twakora iki|nakoresha)\b`,
);
const DISCOUNT = any(
  String.raw`\b(year(ly)?|annual(ly)?|discounts?|12 months|6 months|3 months|longer period|billing periods?|pay (for )?(a|one|the) year)\b`,
  String.raw`\b(par an|annuel(le)?|reductions?|remises?|12 mois|6 mois|3 mois)\b`,
  String.raw`\b(kwa mwaka|mwaka mzima|punguzo|miezi (3|6|12|mitatu|sita|kumi na miwili))\b`,
  String.raw`\b(ku mwaka|umwaka wose|igabanywa|igabanuka|amezi (3|6|12|atatu|atandatu|cumi n'?abiri))\b`,
);
/** "What about...", "and...": a message that leans on the one before it. */
const ELLIPTIC =
  /^(and|what about|how about|ok(ay)? and|so|also|et|quid|et pour|et le|et la|et les|et en|na|je,? na|vipi kuhusu|naho|none se|ese)\b/i;

export type Superlative = "min" | "max";
const CHEAPEST = any(
  String.raw`\b(cheapest|cheaper|lowest|smallest|least expensive|most affordable|entry[- ]level|basic one|smallest one|cheap one)\b`,
  String.raw`\b(moins chere?s?|le plus petit|la plus petite|bon marche|plus abordable|d'entree de gamme)\b`,
  String.raw`\b(nafuu zaidi|rahisi zaidi|bei nafuu|bei rahisi|ndogo zaidi|ya chini kabisa|rahisi kabisa|nafuu kabisa)\b`,
  String.raw`\b(ihendutse|gihendutse|ihendukiye|iri hasi|nto kurusha|ntoya kurusha)\b`,
);
const DEAREST = any(
  String.raw`\b(most expensive|biggest|largest|highest|most powerful|top (plan|tier|one)|the big one|best plan|strongest)\b`,
  String.raw`\b(plus chere?s?|le plus grand|la plus grande|plus puissante?|haut de gamme)\b`,
  String.raw`\b(ghali zaidi|kubwa zaidi|ghali kabisa|kubwa kabisa|yenye nguvu zaidi)\b`,
  String.raw`\b(ihenze|ihenda|nini kurusha|nini cyane|ikomeye kurusha)\b`,
);

/* ------------------------------------------------------------------ things asked about */

const CURRENCIES: [Currency, RegExp][] = [
  [
    "RWF",
    /\b(rwf|frw|rwandan? francs?|francs? rwandais|amafaranga y'?u ?rwanda|amanyarwanda|faranga za rwanda|in rwanda)\b/i,
  ],
  [
    "UGX",
    /\b(ugx|ush|ugandan? shillings?|shillings? ougandais|shilingi (za|ya) uganda|mashilingi ya (uganda|ubugande)|amashilingi ya uganda|in uganda)\b/i,
  ],
  [
    "KES",
    /\b(kes|ksh|kshs|kenyan? shillings?|kenya shillings?|shillings? kenyans?|shilingi (za|ya) kenya|mashilingi ya kenya|amashilingi ya kenya|in kenya)\b/i,
  ],
  ["USD", /\b(usd|us dollars?|dollars?|dollar|en dollars|dolari|madolari|amadolari|idolari)\b|\$/i],
];

const VPS = any(
  String.raw`\bvps\b|\bvirtual (private )?servers?\b|\bcloud servers?\b|\bhosting\b|\bhebergement\b|\bupangishaji\b|\bkwakira imbuga\b|\bhost (my|our|a)\b|\bseva pepe\b`,
  String.raw`\b(vps )?plans?\b.{0,20}\b(ram|cpu|ssd|gb)\b`,
);
/** "Server" alone is a VPS only in a question about buying one: "migrate our servers" is cloud work. */
const SERVER = /\b(servers?|serveurs?|seva|seriveri)\b/i;
const VPS_PLAN_WORD =
  /\b(plans?|vps|servers?|forfaits?|offres?|kifurushi|vifurushi|packages?|tiers?|ibyiciro|icyiciro)\b/i;
/** Plan names as each language's catalogue writes them; "business" and "biashara" only beside a plan word. */
const PLAN_NAMES: [string, RegExp, boolean][] = [
  ["starter", /\b(starter|mwanzo)\b/i, false],
  ["standard", /\b(standard|kawaida)\b/i, true],
  ["performance", /\b(performance|utendaji)\b/i, true],
  ["business", /\b(business|biashara)\b/i, true],
  ["enterprise", /\b(enterprise|shirika)\b/i, true],
];
const ADDONS: [string, RegExp][] = [
  [
    "backups",
    /\b(backups?|back-ups?|snapshots?|sauvegardes?|nakala( rudufu)?|hifadhi nakala|kopi z?'?ububiko|kopi)\b/i,
  ],
  ["extraIpv4", /\b(ip(v4)?( address(es)?)?|adresses? ip|anwani ya ip)\b/i],
  ["managedSupport", /\bmanaged support\b|\bsupport gere\b|\busaidizi unaosimamiwa\b|\bmanaged\b/i],
];

const DOMAIN = any(
  String.raw`\bdomains?\b|\bdomain names?\b|\bdomaines?\b|\bnoms? de domaine\b|\bkikoa\b|\bvikoa\b|\bjina la kikoa\b|\bizina ry'?urubuga\b|\bamazina y'?imbuga\b|\bextensions?\b|\bviendelezi\b|\bkiendelezi\b|\bumusozo\b`,
);
/** A TLD written as ".rw", "co.ke", or at the end of a name ("mybusiness.rw"). */
const TLD = /(?:^|[\s(/,"'])(?:[a-z0-9-]+)?\.((?:co\.)?(?:rw|ke|ug)|com|africa|org|net|io|tech|dev)\b/gi;

const PAYMENT = any(
  String.raw`\b(pay|paying|payment|payments|paid|momo|mobile money|m-?pesa|airtel money|mtn|payer|paiement|paiements|payez|kulipa|kulipia|malipo|lipa|nilipe|tulipe|kwishyura|nakwishyura|twishyura|kwishyurwa|mwishyura|ubwishyu)\b`,
);
const LIMIT = any(
  String.raw`\b(minimum|min|smallest|least|lowest|maximum|max|limits?|largest amount|most i can)\b`,
  String.raw`\b(plafond|montant minimum|montant maximum)\b`,
  String.raw`\b(cha chini|kiwango cha chini|kiwango cha juu|kiasi cha chini|kiasi cha juu|kikomo)\b`,
  String.raw`\b(make|ntoya|menshi|ntarengwa|nibura|ntoya cyane)\b`,
);

const SERVICES_OVERVIEW = any(
  String.raw`\b(what|which) (services|solutions|products)\b|\bwhat (kinds?|types?|sort) of (it |tech |digital )?(services|solutions|work|things)\b`,
  String.raw`\bwhat (else )?(do|can) (you|u)( guys| all)? (do|offer|provide|sell|help with)\b|\bwhat does (your|the) (company|business|firm|team) do\b|\bwhat (exactly )?(does|do) (your|the) (company|business|firm) (do|offer)\b`,
  String.raw`\b(list|all|full list|overview)\b.{0,25}\bservices\b|^\W*(your )?services\W*$|\bservices (do )?(you|u) (offer|provide|have|do)\b|\bwhat can (you|u) do for (me|us|my)\b`,
  String.raw`\bquels? (sont )?(vos |les |types de )?(services|prestations|solutions)\b|\b(vous faites|faites[- ]vous) quoi\b|\bque faites[- ]vous\b|\b(services|prestations) (offrez|proposez|avez)\b|\bqu'?est[- ]ce que vous (faites|proposez|offrez)\b|\bquels types de services\b|\bliste des services\b`,
  String.raw`\bhuduma (gani|zenu|zipi|zote|mnazotoa)\b|\bmnatoa (huduma )?(nini|gani)\b|\b(mnafanya|inafanya|mnajihusisha na|mnashughulika na) (nini|kazi gani)\b|\bmnafanya kazi gani\b|\bkampuni (yenu|hii) (inafanya|inatoa) (nini|huduma gani)\b`,
  String.raw`\bserivisi (ki|zihe|mutanga|zanyu|mukora)\b|\b(izihe|ni izihe) serivisi\b|\b(mukora|murakora|mutanga|mukorera) iki\b|\bikigo (cyanyu|cyawe) (gikora|gitanga) iki\b|\bmutanga izihe\b`,
);

/** Catalogue tools. */
export type Tool = "speed" | "advisor" | "domainSearch" | "vpsOrder" | "payment";
const SPEED_TOOL = any(
  String.raw`\b(speed|slow|loading|loads|load time|page speed|performance of my (site|website)|analy[sz](e|er|is)|website analy|site analy|lighthouse|seo check|check my (site|website)|test my (site|website)|audit my (site|website))\b`,
  String.raw`\b(vitesse|lent|lente|analyse|analyser|analyseur)\b`,
  String.raw`\b(kasi|inachelewa|polepole|uchambuzi|chambua)\b`,
  String.raw`\b(umuvuduko|gutinda|itinda|rutinda|isesengura|gusesengura)\b`,
);
const ADVISOR_TOOL = any(
  String.raw`\b(tech(nology)? stack|stack advisor|advisor|which (technology|framework|language|stack)|what (technology|framework|stack|language) (to|should|would)|technologies? (to|should) (i|we) use|choose (a )?(technology|framework|stack))\b`,
  String.raw`\b(conseiller (technologique|tech)|quelle technologie|quel framework|quelles technologies|choisir (une |la )?technologie)\b`,
  String.raw`\b(mshauri wa teknolojia|teknolojia (gani|ipi)|mshauri)\b`,
  String.raw`\b(umujyanama|ikoranabuhanga (rihe|nakoresha)|ikoranabuhanga ryiza)\b`,
);
const DOMAIN_SEARCH = any(
  String.raw`\b(search|look up|lookup|check|find)\b.{0,30}\b(domains?|names?|available|availability)\b|\bis\b.{0,40}\b(available|taken|free)\b|\bavailability\b`,
  String.raw`\b(chercher|rechercher|verifier|trouver)\b.{0,30}\b(domaine|nom)\b|\bdisponibles?\b`,
  String.raw`\b(tafuta|kutafuta|angalia|kuangalia)\b.{0,30}\b(kikoa|jina)\b|\binapatikana\b`,
  String.raw`\b(gushaka|nashaka|shakisha|kureba)\b.{0,30}\b(izina)\b|\briraboneka\b|\bririho\b`,
);
const ORDER = any(
  String.raw`\b(order|buy|rent|purchase|sign up for|get (a|an|my)|set up (a|an))\b`,
  String.raw`\b(commander|acheter|louer|souscrire|obtenir)\b`,
  String.raw`\b(kuagiza|agiza|nunua|kununua|kukodi|kodi|pata)\b`,
  String.raw`\b(gutumiza|kugura|gukodesha|kubona)\b`,
);

/** Company facts. */
export type Fact =
  "email" | "phone" | "contact" | "address" | "hours" | "founder" | "founded" | "countries" | "careers" | "about";
const EMAIL_FACT = any(
  String.raw`\b(your|ur|the company'?s?|kts'?s?|an|the) e-?mail( address)?\b|^\W*e-?mail( address)?\W*$|\bemail (address|adress|adres)\b|\bemail (you|u)\b|\bwhat'?s? (is )?(your|ur) (e-?)?mail\b`,
  String.raw`\b(votre|vos) (adresse )?(e-?mail|courriel|mail)\b|\badresse (e-?mail|mail|electronique)\b|\bcourriel\b`,
  String.raw`\bbarua pepe\b|\bimeli (yenu|yako)\b|\bemail yenu\b`,
  String.raw`\b(e-?mail|imeli|imeyili) (yanyu|yawe|y'?ikigo)\b`,
);
const BUSINESS_EMAIL = any(
  String.raw`\b(business|professional|company|corporate|custom|work|staff|team|domain) e-?mails?\b|\be-?mails? (for|on|at|with) (my|our|the|a) (own )?(domain|company|business|staff|team)\b|\bset ?up (an? )?(company |business )?e-?mail|\bgoogle workspace|\bmicrosoft 365|\boutlook\b|\bmailbox`,
  String.raw`\b(e-?mail|messagerie) (professionnel(le)?|d'entreprise|pour (mon|notre) (entreprise|equipe|domaine))\b`,
  String.raw`\bbarua pepe ya (kampuni|biashara|kikazi)\b`,
  String.raw`\b(imeli|email) z?'?(ikigo|akazi|ubucuruzi) bwanjye\b`,
);
const PHONE_FACT = any(
  String.raw`\b(phone|telephone|tel|mobile|cell|whatsapp|contact) (number|no|nbr)\b|\bcall (you|u)\b|\b(your|ur) (phone|number|telephone|whatsapp|mobile)\b|^\W*(phone|telephone|tel|whatsapp|number)\W*$|\bnumber to call\b`,
  String.raw`\b(votre|vos) (numero|telephone|whatsapp)\b|\bnumero de (telephone|tel|portable)\b|\bvous appeler\b|\bvous telephoner\b`,
  String.raw`\b(namba ya simu|namba yenu|simu yenu|kupiga simu|nambari ya simu|namba zenu)\b`,
  String.raw`\b(nimero (ya telefoni|yanyu)|telefoni yanyu|kubahamagara|numero yanyu|nimero ya terefone)\b`,
);
const CONTACT_FACT = any(
  String.raw`\b(contact (you|u|your|the)|reach (you|u|your)|get in touch|contact details|contact info)\b`,
  String.raw`\b(vous (joindre|contacter)|contacter|coordonnees)\b`,
  String.raw`\b(kuwasiliana nanyi|kuwasiliana na (ninyi|nyinyi|kampuni)|nitawasilianaje|kuwafikia|mawasiliano yenu)\b`,
  String.raw`\b(twabageraho|nabageraho|mwabonekaho|kubavugisha|uko mwatugeraho|uko nabageraho)\b`,
);
const ADDRESS_FACT = any(
  String.raw`\bwhere (are|r) (you|u)\b|\bwhere is (your|ur|the) (office|company|headquarters|hq)\b|\b(located|location|address|adress|headquarters|directions|visit (you|your office)|find (you|your office))\b|\b(your|ur) office\b`,
  String.raw`\bou (etes[- ]vous|vous trouvez|se trouve(nt)?|sont vos)\b|\bvous etes ou\b|\b(adresse|bureaux?|siege|situes?)\b`,
  String.raw`\b(iko wapi|mko wapi|mpo wapi|mnapatikana wapi|ofisi (yenu|zenu)|anwani)\b`,
  String.raw`\b(muherereye|mubarizwa|aho mukorera|mukorera he|ibiro byanyu|aderesi|muri he)\b`,
);
const HOURS_FACT = any(
  String.raw`\b(hours|opening|open|close[sd]?|closing|what time|which time|weekends?|working days|business days|timings?)\b`,
  String.raw`\b(horaires?|ouverts?|ouverte|fermes?|fermee|heures?|a quelle heure|week-end)\b`,
  String.raw`\b(saa ngapi|saa za (kazi|ofisi)|mnafungua|mnafunga|wazi|mko wazi|mnafanya kazi siku)\b`,
  String.raw`\b(amasaha|mufungura|mufunga|mukora ku|mukora saa|isaha|saa zingahe|mukora amasaha)\b`,
);
const FOUNDER_FACT = any(
  String.raw`\b(founders?|founded by|ceo|owners?|who (runs|owns|leads|started|created|founded|is behind|manages)|managing director|director|boss|chief executive)\b`,
  String.raw`\b(fondateur|fondatrice|fonde|fondee|pdg|directeur|directrice|dirigeant|patron|proprietaire)\b`,
  String.raw`\b(mwanzilishi|mkurugenzi|mmiliki|aliyeanzisha|bosi)\b`,
  String.raw`\b(washinze|uwashinze|umuyobozi|nyiri ikigo|nyirayo|nyirabyo)\b`,
);
const FOUNDED_FACT = any(
  String.raw`\bwhen (was|were|did)\b.{0,40}\b(founded|started|established|created|begin|start)\b|\bhow old is\b|\bsince when\b|\bhow long have you been\b|\byear (founded|established)\b`,
  String.raw`\ben quelle annee\b|\bdepuis quand\b|\bquand .{0,30}(creee?|fondee?)\b`,
  String.raw`\b(ilianzishwa|ilianza) (lini|mwaka gani)\b|\btangu lini\b`,
  String.raw`\b(yashinzwe|cyashinzwe|cyatangiye|byatangiye) ryari\b|\bkuva ryari\b`,
);
const COUNTRIES_FACT = any(
  String.raw`\b(countries|country|uganda|kenya|tanzania|burundi|drc|congo|abroad|outside rwanda|international(ly)?|east africa|other countries)\b`,
  String.raw`\b(pays|ouganda|tanzanie|a l'etranger|hors du rwanda)\b`,
  String.raw`\b(nchi|nje ya rwanda)\b`,
  String.raw`\b(ibihugu|igihugu|hanze y'?u rwanda|bugande)\b`,
);
const CAREERS_FACT = any(
  String.raw`\b(hiring|hire me|jobs?|vacanc(y|ies)|internships?|interns?|careers?|apply|cv|resume|employment|work for you|join your team|positions?)\b`,
  String.raw`\b(recrute[sz]?|recrutement|emploi|stages?|stagiaire|candidature|postuler|offres d'emploi)\b`,
  String.raw`\b(ajira|nafasi za kazi|mnaajiri|kuajiri|mafunzo kazini|kazi kwenu)\b`,
  String.raw`\b(akazi|imyanya|kwimenyereza|murimo gutanga akazi|mutanga akazi|muraha akazi)\b`,
);
const ABOUT_FACT = any(
  String.raw`\bwho (are|r) (you|u)( guys)?\b|\babout (your|the) company\b|\btell me about (you|your company|kts|kigali tech)\b|\bwhat is (kts|kigali tech)\b`,
  String.raw`\bqui etes[- ]vous\b|\bparlez[- ]moi de (vous|votre entreprise)\b`,
  String.raw`\bninyi ni (akina )?nani\b|\bnyinyi ni nani\b|\bkuhusu kampuni\b`,
  String.raw`\bmuri bande\b|\bikigo cyanyu ni iki\b`,
);

const COMPETITOR = any(
  String.raw`\b(andela|hostinger|godaddy|namecheap|bluehost|hostgator|aws|amazon web services|azure|google cloud|digitalocean|digital ocean|linode|vultr|hetzner|contabo|ovh|safaricom|mtn business|liquid|truehost|ricta|kasha|irembo|other (companies|agencies|providers|firms)|your competitors?|competition|autres (agences|entreprises|societes|prestataires)|concurrents?|makampuni mengine|washindani|ibindi bigo|abandi bakora)\b`,
);
const COMPARE = any(
  String.raw`\b(better|best|cheaper|faster|vs\.?|versus|compare[sd]?|comparison|over|instead of|rather than|why (should i|choose)|difference)\b`,
  String.raw`\b(meilleure?s?|moins chere?s?|plutot que|par rapport|comparer|pourquoi vous choisir)\b`,
  String.raw`\b(bora|nafuu kuliko|kuliko|linganisha|tofauti)\b`,
  String.raw`\b(baruta|muruta|kurusha|biruta|kuruta|gutandukanya)\b`,
);

/** Requests no company of this kind answers: general knowledge, entertainment, homework, news. */
const OFF_TOPIC = any(
  String.raw`\b(capital of|president of|prime minister|weather|forecast|temperature|rain tomorrow|jokes?|funny|poems?|poetry|songs?|lyrics|stor(y|ies)|recipes?|cook|football|soccer|premier league|world cup|champions league|match|basketball|who will win|bet(ting)?|lottery|horoscope|zodiac|homework|maths?|math problem|equation|essay|translate|exchange rate|bitcoin price|stock price|news|election|politics|religion|god exist|meaning of life|love letter|girlfriend|boyfriend|dating|movie|film|netflix|celebrity|age of the universe)\b`,
  String.raw`\b(capitale|president|meteo|blagues?|poemes?|chansons?|histoire drole|recettes?|cuisine|foot(ball)?|match|qui va gagner|devoirs|mathematiques|dissertation|traduis|taux de change|actualites|elections?|politique|lettre d'amour|film)\b`,
  String.raw`\b(mji mkuu|rais wa|hali ya hewa|mvua|utani|mzaha|shairi|mashairi|wimbo|nyimbo|hadithi|mapishi|mpira|kandanda|mechi|atashinda|uchaguzi|siasa|kazi ya nyumbani|hesabu|tafsiri|habari za leo|barua ya mapenzi)\b`,
  String.raw`\b(umurwa mukuru|perezida|ikirere|imvura|urwenya|igisigo|indirimbo|inkuru|guteka|umupira|umukino|uzatsinda|amatora|politiki|imikoro|imibare|gusobanura|urukundo)\b`,
);

/** Goods and services a software, hosting and security company does not sell. */
const NOT_OFFERED = any(
  String.raw`\b(laptops?|computers?|desktops?|pcs?|phones?|smartphones?|tablets?|printers?|toner|ink|cartridges?|hardware|routers?|modems?|cables?|cctv|cameras?|furniture|airtime|data bundles?|bundles|sim cards?|solar|generators?|tv|televisions?)\b.{0,30}\b(sell|sale|buy|stock|supply|repair|fix|install)|\b(sell|sale|buy|stock|supply|repair|fix|install|replace)\b.{0,40}\b(laptops?|computers?|desktops?|pcs?|phones?|smartphones?|tablets?|printers?|toner|ink|cartridges?|hardware|routers?|modems?|cables?|cctv|cameras?|furniture|airtime|data bundles?|sim cards?|screens?|solar|generators?|tv)\b`,
  String.raw`\b(loyalty|reward) (points?|programmes?|programs?|cards?)\b|\bcashback\b|\bgift cards?\b|\bfranchise\b`,
  String.raw`\b(vendez|reparez|ordinateurs?|portables?|imprimantes?|telephones portables?)\b.{0,30}\b(vendez|vente|reparez|reparation|portables?)\b|\bvous vendez des\b`,
  String.raw`\b(mnauza|mnatengeneza simu|mnarekebisha)\b.{0,30}\b(kompyuta|simu|printa|mpakato|vifaa)\b|\bkompyuta mpakato\b`,
  String.raw`\b(mucuruza|muracuruza|mugurisha|muragurisha|musana|murasana|mukanika)\b.{0,30}\b(mudasobwa|telefoni|imashini|printer|ecran)\b`,
);

const WEEKDAYS: [number, RegExp][] = [
  [0, /\b(sundays?|dimanche|jumapili|ku cyumweru|cyumweru)\b/i],
  [6, /\b(saturdays?|samedi|jumamosi|ku wa gatandatu|gatandatu)\b/i],
  [1, /\b(mondays?|lundi|jumatatu|ku wa mbere)\b/i],
  [2, /\b(tuesdays?|mardi|jumanne|ku wa kabiri)\b/i],
  [3, /\b(wednesdays?|mercredi|jumatano|ku wa gatatu)\b/i],
  [4, /\b(thursdays?|jeudi|alhamisi|ku wa kane)\b/i],
  [5, /\b(fridays?|vendredi|ijumaa|ku wa gatanu)\b/i],
  [1, /\b(weekdays?|week days|en semaine|siku za kazi|mu minsi y'?akazi)\b/i],
];

/** Verbs every request uses ("build", "make", "take"): they say nothing about which service is meant. */
const REQUEST_VERBS =
  /\b(build|building|built|make|making|create|creating|develop|developing|take|takes|taking|need|want|get|do|does|cost|costs|much|long|time|usually|typically|normally|faire|creer|developper|prend|prendre|faut|kutengeneza|kujenga|kuunda|inachukua|kuchukua|gukora|kubaka|bifata|bitwara)\b/g;

/** The message without its cue words, for finding which catalogue service it names. */
export function withoutCues(message: string): string {
  let text = plain(message);
  for (const cue of [PRICE, DURATION, HOW_TO, CHEAPEST, DEAREST, ELLIPTIC])
    text = text.replace(new RegExp(cue.source, "gi"), " ");
  return text.replace(REQUEST_VERBS, " ");
}

export interface Understanding {
  text: string;
  /** Safety and conversation signals. */
  injection: boolean;
  privacy: boolean;
  abuse: boolean;
  handover: boolean;
  greeting: boolean;
  thanks: boolean;
  goodbye: boolean;
  howAreYou: boolean;
  whoAreYou: boolean;
  competitor: boolean;
  offTopic: boolean;
  notOffered: boolean;
  servicesOverview: boolean;
  /** Cues. */
  price: boolean;
  duration: boolean;
  howTo: boolean;
  discount: boolean;
  limit: boolean;
  order: boolean;
  elliptic: boolean;
  superlative: Superlative | null;
  /** Things asked about. */
  currency: Currency | null;
  vps: boolean;
  plans: string[];
  addons: string[];
  specs: { ramGb?: number; vcpu?: number; ssdGb?: number };
  domain: boolean;
  tlds: string[];
  payment: boolean;
  tools: Tool[];
  facts: Fact[];
  weekday: number | null;
  businessEmail: boolean;
  /** "What VPS plans do you have?": the plans are the answer, with their prices. */
  plansAsked: boolean;
  /** Words in the message, for telling small talk from a question. */
  wordCount: number;
}

export function understand(message: string): Understanding {
  const text = plain(message);
  const has = (pattern: RegExp) => pattern.test(text);
  const tlds = [...text.matchAll(TLD)].map((m) => m[1]!.toLowerCase());
  const planWord = has(VPS_PLAN_WORD);
  const price = has(PRICE) || has(CHEAPEST) || has(DEAREST);
  const vps = has(VPS) || (has(SERVER) && (price || has(ORDER) || has(DISCOUNT)));
  const plans = PLAN_NAMES.filter(
    ([, pattern, needsContext]) => pattern.test(text) && (!needsContext || planWord || vps),
  ).map(([id]) => id);
  const specs: Understanding["specs"] = {};
  const ram = /(\d+)\s*(?:gb|go|gig)\s*(?:of\s*)?(?:ram|memory|memoire)/.exec(text);
  if (ram) specs.ramGb = Number(ram[1]);
  const cpu = /(\d+)\s*(?:v?cpus?|cores?|coeurs?)\b/.exec(text);
  if (cpu) specs.vcpu = Number(cpu[1]);
  const ssd = /(\d+)\s*(?:gb|go|tb)\s*(?:of\s*)?(?:ssd|disk|storage|stockage|nvme)/.exec(text);
  if (ssd) specs.ssdGb = Number(ssd[1]) * (/tb/.test(ssd[0]) ? 1000 : 1);
  const addons = ADDONS.filter(([, pattern]) => pattern.test(text)).map(([id]) => id);
  const tools: Tool[] = [];
  if (has(SPEED_TOOL)) tools.push("speed");
  if (has(ADVISOR_TOOL)) tools.push("advisor");
  if (has(DOMAIN_SEARCH)) tools.push("domainSearch");
  const facts: Fact[] = [];
  const businessEmail = has(BUSINESS_EMAIL);
  if (has(EMAIL_FACT) && !businessEmail) facts.push("email");
  if (has(PHONE_FACT)) facts.push("phone");
  if (has(CONTACT_FACT)) facts.push("contact");
  // "Email address" asks for an email, not where the office is.
  const addressWords = text.replace(/\be-?mail address|adresse (e-?)?mail|adresse electronique/g, " ");
  if (ADDRESS_FACT.test(addressWords)) facts.push("address");
  if (has(HOURS_FACT) || WEEKDAYS.some(([, p]) => p.test(text))) facts.push("hours");
  if (has(FOUNDER_FACT)) facts.push("founder");
  if (has(FOUNDED_FACT)) facts.push("founded");
  if (has(COUNTRIES_FACT)) facts.push("countries");
  if (has(CAREERS_FACT)) facts.push("careers");
  if (has(ABOUT_FACT)) facts.push("about");
  const handover = has(HANDOVER) && !has(AI_AGENT);
  return {
    text,
    injection: has(INJECTION),
    privacy: has(PRIVACY),
    abuse: has(ABUSE),
    handover,
    greeting: has(GREETING),
    thanks: has(THANKS),
    goodbye: has(GOODBYE),
    howAreYou: has(HOW_ARE_YOU),
    whoAreYou: has(WHO_ARE_YOU),
    competitor: has(COMPETITOR) && has(COMPARE),
    offTopic: has(OFF_TOPIC),
    notOffered: has(NOT_OFFERED),
    servicesOverview: has(SERVICES_OVERVIEW),
    price,
    duration: has(DURATION),
    howTo: has(HOW_TO),
    discount: has(DISCOUNT),
    limit: has(LIMIT),
    order: has(ORDER),
    elliptic: has(ELLIPTIC),
    superlative: has(CHEAPEST) ? "min" : has(DEAREST) ? "max" : null,
    currency: CURRENCIES.find(([, pattern]) => pattern.test(text))?.[0] ?? null,
    vps: vps || plans.length > 0 || Object.keys(specs).length > 0,
    plans,
    addons,
    specs,
    domain: has(DOMAIN) || tlds.length > 0,
    tlds: [...new Set(tlds)],
    payment: has(PAYMENT),
    tools,
    facts,
    weekday: WEEKDAYS.find(([, pattern]) => pattern.test(text))?.[0] ?? null,
    businessEmail,
    plansAsked: vps && /\b(plans|forfaits|offres|vifurushi|packages|tiers|ibyiciro|options)\b/.test(text),
    wordCount: text.split(/\s+/).filter(Boolean).length,
  };
}

export { ORDER };
