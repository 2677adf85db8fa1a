/**
 * English lexicon. Entry syntax (see PhraseMatcher): words separated by spaces, "stem*" matches any
 * word starting with the stem. Matching ignores case and accents.
 */
import type { LanguageLexicon } from '../rules';

export const en: LanguageLexicon = {
  categories: {
    fraud: {
      strong: [
        'fraud', 'frauds', 'fraudulent*', 'fraudster*', 'defraud*', 'scam', 'scams', 'scammer*', 'swindl*', 'embezzl*',
        'ponzi', 'pyramid scheme*', 'false claims', 'insider trading', 'market manipulation', 'securities violation*',
        'misappropriat*', 'overbill*', 'identity theft', 'bogus invoice*', 'cheating scheme', 'casino cheating',
        'falsified', 'falsifying', 'false billing', 'kiting', 'counterfeit*', 'prime bank', 'antifraud provisions',
      ],
      weak: ['false statements', 'cheat*', 'misrepresent*', 'deceptive', 'deceiv*', 'forged', 'forgery', 'rigging', 'rigged'],
    },
    bribery_corruption: {
      strong: [
        'brib*', 'corruption', 'kickback*', 'honest services', 'influence peddling', 'abuse of power', 'abuse of office',
        'foreign corrupt practices', 'graft', 'quid pro quo', 'impeach*', 'embezzlement of public', 'misuse of public funds',
        'payoffs', 'nepotism', 'cronyism', 'extortion by', 'corrupt practices',
      ],
      weak: ['corrupt', 'favouritism', 'favoritism', 'misconduct in public office', 'conflict of interest', 'obstruction of congress'],
    },
    money_laundering: {
      strong: [
        'money launder*', 'launder*', 'proceeds of crime', 'illegal proceeds', 'illicit proceeds', 'criminal proceeds',
        'unlicensed money transmitting', 'structuring deposits', 'illicit funds', 'dirty money',
      ],
      weak: ['forfeit*', 'shell compan*', 'offshore account*', 'hawala'],
    },
    terrorism: {
      strong: [
        'terror*', 'material support', 'jihad*', 'suicide bomb*', 'suicide attack*', 'car bomb*', 'truck bomb*', 'isis', 'isil',
        'islamic state', 'daesh', 'al qaeda', 'al qaida', 'qaeda', 'taliban', 'al shabaab', 'shabaab', 'boko haram',
        'abu sayyaf', 'jemaah islamiyah', 'hayat tahrir', 'nusra', 'lashkar', 'jaish', 'pkk', 'ypg', 'bombing campaign',
        'claimed responsibility', 'claims responsibility', 'claiming responsibility', 'radicalised', 'radicalized',
      ],
      weak: [
        'extremis*', 'militant*', 'insurgen*', 'hezbollah', 'hamas', 'houthi*', 'bombing*', 'bomber*', 'bomb attack*',
        'explosive device*', 'ied', 'ieds', 'hostage*', 'beheading*', 'radicalisation', 'radicalization', 'jihadist*',
        'fighters', 'drone attack*', 'attack*', 'gunman', 'gunmen', 'bomb', 'bombs', 'rebels', 'rebel',
      ],
    },
    sanctions_evasion: {
      strong: [
        'sanctions violation*', 'violating sanctions', 'evading sanctions', 'evade sanctions', 'sanctions evasion', 'embargo violation*',
        'export control*', 'arms export control', 'international emergency economic powers', 'ieepa', 'ofac',
        'trading with the enemy', 'asset freeze', 'assets frozen', 'frozen assets', 'sanctions list', 'blacklisted',
        'illegal export*', 'illegally export*',
      ],
      weak: ['sanction', 'sanctions', 'sanctioned', 'embargo*', 'blacklist*', 'designated', 'restrictions', 'banned', 'bans', 'ban'],
    },
    drug_trafficking: {
      strong: [
        'drug trafficking', 'drug trafficker*', 'drug smuggl*', 'drug dealer*', 'drug dealing', 'drug cartel*', 'drug lord*',
        'narcotics trafficking', 'narco', 'narcos', 'narcotraffick*', 'pill mill*', 'trafficking in drugs', 'drug ring',
        'distribution of controlled substance*', 'distributing controlled substance*', 'drug charges', 'drug offences', 'drug offenses',
      ],
      weak: ['drug', 'drugs', 'cocaine', 'heroin', 'methamphetamine', 'controlled substance*', 'oxycodone', 'fentanyl', 'opioid*', 'marijuana', 'cannabis', 'meth', 'ecstasy', 'cartel*', 'narcotic*', 'prescriptions'],
    },
    human_trafficking_smuggling: {
      strong: [
        'human trafficking', 'human smuggling', 'people smuggling', 'people trafficking', 'sex trafficking', 'sex trafficker*',
        'trafficking in persons', 'trafficking of women', 'trafficking of children', 'migrant smuggl*', 'alien smuggl*',
        'smuggling aliens', 'smuggling migrants', 'forced labour', 'forced labor', 'sex slave*', 'sexual slavery', 'slavery',
        'trafficked',
      ],
      weak: ['smuggler*', 'smuggl*', 'trafficker*', 'trafficking', 'people smugglers', 'human traffickers'],
    },
    organised_crime: {
      strong: [
        'mafia*', 'mafioso*', 'organised crime', 'organized crime', 'crime family', 'crime families', 'crime syndicate*',
        'racketeer*', 'crime boss*', 'mob boss*', 'mobster*', 'yakuza', 'camorra', 'ndrangheta', 'cosa nostra',
        'criminal enterprise', 'criminal organisation', 'criminal organization', 'criminal network', 'ms 13',
        'thieves in law', 'crime ring', 'gangland',
      ],
      weak: ['gang', 'gangs', 'gangster*', 'cartel*', 'triad*', 'clan'],
    },
    tax_crime: {
      strong: [
        'tax evasion', 'tax evader*', 'evading taxes', 'evade taxes', 'tax fraud', 'false tax', 'tax shelter*', 'tax crime*',
        'tax offence*', 'tax offense*', 'filing false', 'false returns', 'false return', 'payroll taxes', 'employment taxes',
        'withholding taxes', 'employment tax', 'payroll tax', 'unpaid taxes', 'tax scheme*', 'tax preparer*', 'obstructing the irs', 'obstruct the irs',
        'false tax deductions', 'tax cheat*',
      ],
      weak: ['tax returns', 'tax records', 'irs', 'tax avoidance', 'tax haven*', 'tax', 'taxes'],
    },
    cybercrime: {
      strong: [
        'hacker*', 'hacking', 'hacked', 'cyberattack*', 'cyber attack*', 'cybercrime*', 'cyber crime*', 'computer intrusion*',
        'ransomware', 'malware', 'phishing', 'botnet*', 'dark web', 'darknet', 'child pornography', 'child porn',
        'child sexual abuse material', 'ddos', 'computer fraud', 'illegally accessing', 'illegally accessed', 'unauthorized access',
        'unauthorised access', 'cyber espionage', 'data theft',
      ],
      weak: ['cyber*', 'data breach*', 'spyware', 'hack', 'accessing confidential'],
    },
    environmental_crime: {
      strong: [
        'environmental crime*', 'clean air act', 'clean water act', 'illegal logging', 'illegal fishing', 'poaching', 'poacher*',
        'wildlife trafficking', 'wildlife protection act', 'endangered species act', 'hazardous waste', 'toxic waste',
        'illegal dumping', 'oil spill*', 'superfund', 'illegally harvest*', 'ivory trade', 'environmental violation*',
        'emissions cheating', 'defeat device*', 'negligent discharge*', 'pollution violation*',
      ],
      weak: ['pollut*', 'emissions', 'spill', 'spills', 'dumping', 'protected species', 'endangered', 'wildlife', 'habitat'],
    },
    regulatory_enforcement: {
      strong: [
        'civil penalt*', 'consent decree', 'cease and desist', 'enforcement action*', 'regulatory action', 'resolve allegations',
        'settle allegations', 'settled allegations', 'settles allegations', 'to resolve violations', 'osha violation*',
        'civil contempt', 'securities and exchange commission charged', 'licence revoked', 'license revoked',
        'lawsuit alleging', 'discrimination lawsuit', 'sexual harassment', 'civil rights act', 'fair housing act',
        'americans with disabilities act', 'uniformed services employment', 'userra', 'disgorgement', 'unregistered securities',
        'unregistered broker', 'civil enforcement action', 'securities laws',
      ],
      weak: ['violation*', 'violated', 'violating', 'discriminat*', 'penalty', 'penalties', 'settlement', 'settle', 'settles', 'settled', 'regulator*', 'a fine', 'fines', 'fined', 'compliance'],
    },
    violent_crime: {
      strong: [
        'murder*', 'homicid*', 'manslaughter', 'assassin*', 'rape', 'raped', 'rapes', 'rapist*', 'sexual abuse', 'sexually abus*',
        'sexual assault*', 'sexually assault*', 'sexual misconduct', 'molest*', 'paedophil*', 'pedophil*', 'child abuse',
        'war crime*', 'war criminal*', 'crimes against humanity', 'genocid*', 'massacr*', 'kidnap*', 'abduct*', 'hate crime*',
        'excessive force', 'torture*', 'tortur*', 'lynching*', 'lynched', 'lynch mob*', 'serial killer*', 'killer', 'killers', 'stabbing*', 'stabbed',
        'mass shooting', 'shooting spree', 'gunned down', 'domestic violence', 'civil rights violation*', 'police brutality',
        'death threat*', 'assault*', 'knife attack*', 'sex offender*', 'sexual exploitation',
        'child exploitation', 'aggravated sexual', 'poisoning of', 'child pornography', 'child porn', 'child sexual abuse material',
      ],
      weak: ['kill*', 'poisoned', 'poisoning', 'shot', 'shoot*', 'stab', 'attacker*', 'beating', 'beaten', 'beat up', 'violence', 'violent', 'abused', 'abuses', 'abusive', 'gunfire', 'captivity', 'crackdown'],
    },
    other_crime: {
      strong: [
        'theft', 'thefts', 'thief', 'thieves', 'steal', 'stealing', 'stole', 'burglar*', 'robbery', 'robberies', 'robber', 'robbers',
        'robbed', 'looting', 'looted', 'espionage', 'treason', 'sedition', 'arsonist*', 'perjury', 'obstruction of justice',
        'contempt of congress', 'contempt of court', 'criminal contempt', 'price fixing', 'price fixed', 'bid rigging',
        'antitrust conspiracy', 'weapons trafficking', 'arms trafficking', 'gun running', 'firearms trafficking',
        'vote buying', 'electoral fraud', 'election fraud', 'ballot stuffing', 'unlawful disclosure', 'leaking classified',
        'spying', 'spied', 'acting as agents', 'foreign agent*', 'vandalism', 'vandalised', 'vandalized', 'hit and run',
        'drunk driving', 'drink driving', 'dangerous driving', 'reckless driving', 'negligent homicide', 'vehicular manslaughter',
        'criminal negligence', 'election interference', 'jailbreak', 'arson', 'impeach*', 'abuse of power', 'obstruction of congress',
        'prison escape', 'trespass*', 'counterfeiting',
      ],
      weak: ['stolen', 'spy', 'spies', 'smuggl*', 'collision', 'crash', 'interference', 'tax records'],
    },
  },
  generic: {
    weak: [
      'crime', 'crimes', 'criminal', 'criminals', 'illegal', 'illegally', 'unlawful', 'unlawfully', 'wrongdoing', 'offence*',
      'offense*', 'conspiracy', 'conspiring', 'conspired', 'misconduct', 'felony', 'felonies', 'scheme', 'schemes',
    ],
  },
  near: [
    { category: 'tax_crime', a: ['tax', 'taxes', 'irs'], b: ['evad*', 'evasion', 'fraud*', 'false', 'unpaid', 'obstruct*', 'defraud*', 'owed', 'failing to pay', 'failed to pay'], strong: true },
    { category: 'human_trafficking_smuggling', a: ['smuggling', 'smuggled', 'smuggle', 'trafficking', 'trafficked'], b: ['migrant*', 'alien*', 'people', 'persons', 'refugee*', 'women', 'girls', 'children', 'workers', 'africans', 'immigrants'], strong: true },
    { category: 'drug_trafficking', a: ['drug*', 'narcotic*', 'opioid*', 'marijuana', 'cannabis', 'cocaine', 'heroin'], b: ['traffick*', 'smuggl*', 'dealer*', 'dealing', 'sell*', 'sold', 'distribut*', 'possession', 'supply', 'supplied', 'seized', 'prescri*'], strong: true },
    { category: 'environmental_crime', a: ['kill*', 'poach*', 'hunt*', 'trade', 'traded', 'selling', 'sold', 'harvest*', 'catch*'], b: ['protected', 'endangered', 'wildlife', 'ivory', 'rhino*', 'species', 'striped bass'], strong: true },
    { category: 'cybercrime', a: ['illegally', 'unauthori*', 'without authori*'], b: ['access*', 'computer*', 'database*', 'files', 'network*', 'system*'], strong: true },
    { category: 'sanctions_evasion', a: ['export*', 'ship*', 'transfer*', 'sell*', 'sold'], b: ['iran', 'north korea', 'syria', 'cuba', 'sudan', 'crimea', 'embargo*', 'sanction*'], strong: false },
  ],
  attribution: {
    strong: [
      'arrest', 'arrested', 'arrests', 'arresting', 'charged', 'charged with', 'charges against', 'criminal charges', 'indict*',
      'convict*', 'pleaded guilty', 'pleads guilty', 'plead guilty', 'pled guilty', 'guilty plea', 'found guilty',
      'pleaded not guilty', 'pleads not guilty', 'sentenced', 'sentencing', 'jailed', 'imprisoned', 'prison sentence',
      'years in prison', 'months in prison', 'life in prison', 'life imprisonment', 'prison term', 'extradit*', 'red notice',
      'wanted for', 'wanted in', 'wanted by', 'most wanted', 'fined', 'ordered to pay', 'agreed to pay', 'agree to pay', 'to pay a fine',
      'detained', 'taken into custody', 'prosecuted', 'prosecution of', 'criminal case', 'criminal investigation',
      'claimed responsibility', 'claims responsibility', 'claimed by', 'subpoena*', 'impeached', 'impeachment',
      'confessed', 'admitted guilt', 'acquitted', 'overturned conviction*', 'overturns conviction*', 'overturned the conviction*', 'commuted', 'commutation*', 'pardoned', 'deported',
      'settle allegations', 'to resolve allegations', 'sued', 'sues', 'files lawsuit', 'filed a lawsuit', 'lawsuit against',
      'complaint against', 'complaint filed', 'jail', 'prison', 'custody', 'to stand trial', 'on trial', 'trial of',
      'arrest warrant*', 'warrant for', 'sanctioned', 'blacklisted', 'designated as', 'charges', 'guilty', 'fugitive*',
      'final judgment*', 'judgment against', 'enforcement action against', 'barred from',
    ],
    weak: [
      'accus*', 'allege', 'alleged', 'alleges', 'allegedly', 'allegation*', 'suspect*', 'suspicion', 'investigat*', 'probe', 'probing', 'inquiry', 'blamed', 'blames', 'blaming', 'linked to',
      'responsible for', 'behind the attack', 'perpetrator*', 'attributed', 'denied', 'denies', 'prosecutor*',
      'complaint', 'lawsuit', 'ousted', 'accused',
      'carried out by', 'committed by', 'perpetrated', 'orchestrated', 'involved in', 'raid', 'raided', 'seized', 'seizure',
      'held responsible', 'calls for justice', 'demands justice',
    ],
  },
  selfAttributing: [
    'pleaded guilty', 'pleads guilty', 'plead guilty', 'pled guilty', 'guilty plea', 'found guilty', 'indict*', 'convict*',
    'jailed', 'imprisoned', 'extradit*', 'red notice', 'most wanted', 'impeached', 'impeachment', 'subpoena*', 'arrested',
    'criminal case', 'pleaded not guilty', 'pleads not guilty', 'commuted', 'commutation*', 'pardoned',
  ],
  shields: [
    'anti', 'counter', 'counterterrorism', 'fight against', 'fighting', 'fight', 'combat', 'combating', 'combatting', 'tackle', 'tackling',
    'prevent', 'preventing', 'prevention of', 'ban on', 'banning', 'outlaw*', 'abolish*', 'prohibit*', 'task force', 'awareness', 'campaign against', 'war on',
    'crackdown on', 'hotline', 'training on', 'cardiac', 'heart', 'workshop on', 'conference on', 'symposium',
    'office of', 'prosecutor', 'investigator*', 'law enforcement', 'cybersecurity', 'food poisoning', 'blood poisoning',
    'lead poisoning', 'against', 'cardiac arrest', 'heart attack*', 'panic attack*', 'punishment for', 'punishments for',
    'penalties for', 'penalty for', 'terms for', 'sentences for', 'law on', 'laws on', 'law against', 'laws against', 'bill on',
    'legislation on', 'extradition bill', 'extradition law*', 'extradition treaty', 'extradition treaties',
  ],
  postShields: [
    'task force', 'section', 'unit', 'division', 'squad', 'prevention', 'awareness', 'workshop', 'conference', 'symposium',
    'database', 'hotline', 'investigators', 'prosecutors', 'police', 'laws', 'legislation', 'statute*', 'victims',
  ],
  crowds: [
    'people', 'persons', 'protesters', 'demonstrators', 'dozens', 'hundreds', 'thousands', 'several', 'many', 'others', 'migrants',
    'rioters', 'some', 'one person', 'a man', 'a woman', 'a teenager', 'a resident', 'residents', 'unknown', 'unidentified',
    'assailants',
  ],
  counts: ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'twenty'],
  negations: ['punishable', 'no evidence of', 'no evidence', 'without evidence', 'not', 'never', 'no', 'unfounded', 'baseless', 'false claims of', 'debunked'],
  sentiment: {
    positive: [
      'win', 'wins', 'won', 'winner*', 'victory', 'success*', 'celebrat*', 'award*', 'honour*', 'honor*', 'praised', 'praise',
      'welcom*', 'improv*', 'growth', 'record high', 'achiev*', 'best', 'benefit*', 'hope*', 'peace*', 'agreement', 'recover*',
      'support*', 'thank*', 'happy', 'joy', 'gold', 'champion*', 'innovat*', 'breakthrough', 'discover*', 'rescued', 'safe',
      'free', 'freed', 'released', 'acquitted', 'cleared', 'exonerat*', 'progress', 'boost*', 'strong', 'gain*', 'love*',
    ],
    negative: [
      'kill*', 'dead', 'death*', 'died', 'dies', 'injur*', 'attack*', 'crisis', 'disaster*', 'crash*', 'fire', 'destroy*', 'damage*',
      'loss', 'losses', 'lost', 'fear*', 'threat*', 'war', 'violence', 'violent', 'protest*', 'condemn*', 'criticis*', 'criticiz*',
      'fail*', 'collapse*', 'victim*', 'tragedy', 'tragic', 'suffer*', 'pain', 'bad', 'worst', 'illegal', 'crime*', 'criminal*',
      'accus*', 'alleg*', 'arrest*', 'convict*', 'sentenced', 'prison', 'jail*', 'fraud*', 'corrupt*', 'scandal*', 'abuse*',
      'outbreak', 'pandemic', 'emergency', 'danger*', 'risk*', 'warn*', 'decline*', 'fell', 'fall', 'falls', 'down', 'problem*',
      'concern*', 'controvers*', 'dispute*', 'deni*', 'refus*', 'resign*', 'ousted', 'guilty', 'charged', 'charges', 'terror*',
    ],
  },
};
