/**
 * German lexicon. German writes compounds as one word ("Steuerhinterziehung", "Terroranschlag"), so
 * the stems that head compounds are written "*stem*" and also match inside a word; the others match
 * at its start. Matching folds umlauts and ß (ä -> a, ß -> ss), so "Geldwäsche" is "geldwasche".
 */
import type { LanguageLexicon } from '../rules';

export const de: LanguageLexicon = {
  categories: {
    fraud: {
      strong: [
        '*betrug*', 'betrugerisch*', '*betruger*', 'veruntreu*', '*unterschlag*', 'schneeballsystem*', 'ponzi*', 'insiderhandel*',
        'marktmanipulation*', 'bilanzfalschung*', 'urkundenfalschung*', 'scheinrechnung*', 'abzocke*', 'untreue',
      ],
      weak: ['tauschung*', 'getauscht', 'gefalscht*', 'falschung*', 'manipulier*', 'schwindel*'],
    },
    bribery_corruption: {
      strong: ['*korruption*', '*bestechung*', 'bestochen', 'bestech*', 'schmiergeld*', 'vorteilsannahme', 'vorteilsgewahrung', 'vetternwirtschaft', 'amtsmissbrauch*', 'machtmissbrauch*', 'amtsenthebung*', 'impeachment*', 'kickback*', 'klungel*'],
      weak: ['korrupt*', 'interessenkonflikt*', 'filz'],
    },
    money_laundering: {
      strong: ['*geldwasche*', 'gewaschen* geld*', 'schwarzgeld*', 'illegale gelder', 'briefkastenfirma*', 'briefkastenfirmen'],
      weak: ['beschlagnahm*', 'eingezogen*', 'steueroase*', 'strohmann*', 'strohmanner'],
    },
    terrorism: {
      strong: [
        '*terror*', 'anschlag*', 'bombenanschlag*', 'sprengstoffanschlag*', 'brandanschlag*', 'mordanschlag*', 'giftanschlag*', 'dschihad*', 'selbstmordattentat*', 'selbstmordattentater*', 'autobombe*', 'islamischer staat', 'islamischen staat*',
        'is miliz', 'daesch', 'al kaida', 'taliban', 'boko haram', 'al schabab', 'attentat*', 'attentater*', 'bekannte sich zu dem anschlag',
      ],
      weak: ['extremist*', 'milizionar*', 'miliz*', 'aufstandisch*', 'islamist*', 'dschihadist*', 'bombe*', 'sprengsatz*', 'sprengstoff*', 'geisel*', 'angriff*', 'hisbollah', 'hamas', 'huthi*', 'radikalisier*', 'rebell*'],
    },
    sanctions_evasion: {
      strong: ['sanktionsverstoss*', 'sanktionsverstosse', 'umgehung der sanktionen', 'sanktionen umgangen', 'embargoverstoss*', 'vermogen eingefroren', 'eingefrorene vermogen', 'sanktionsliste*', 'exportkontroll*', 'ausfuhrverbot*', 'ofac'],
      weak: ['sanktion*', 'embargo*', 'schwarze liste', 'schwarzen liste'],
    },
    drug_trafficking: {
      strong: ['*drogenhandel*', '*drogenhandler*', '*rauschgifthandel*', '*drogenschmuggel*', 'drogenkartell*', 'drogenbaron*', 'drogendealer*', 'dealer*', 'betaubungsmittelgesetz', 'btm'],
      weak: ['droge*', 'drogen', '*rauschgift*', '*kokain*', '*heroin*', 'cannabis', 'marihuana', 'fentanyl', 'crystal meth', 'betaubungsmittel*', 'kartell*'],
    },
    human_trafficking_smuggling: {
      strong: ['*menschenhandel*', '*menschenhandler*', '*schleuser*', '*schleusung*', 'menschenschmuggel*', 'zwangsprostitution', 'zwangsarbeit', 'sexsklav*', 'sexuelle ausbeutung'],
      weak: ['sklaverei', 'illegale einwanderung', 'illegal eingereist*', 'ausbeutung'],
    },
    organised_crime: {
      strong: ['*mafia*', 'mafios*', 'organisierte kriminalitat', 'organisierten kriminalitat', 'kriminelle vereinigung', 'kriminellen vereinigung', 'verbrecherorganisation*', '*clankriminalitat*', 'schutzgeld*', '*erpressung*', 'camorra', 'ndrangheta', 'cosa nostra', 'rockerbande*', 'bandenkriminalitat'],
      weak: ['bande', 'banden', 'gang', 'gangs', 'clan', 'clans', 'kartell*', 'rocker'],
    },
    tax_crime: {
      strong: ['*steuerhinterzieh*', '*steuerbetrug*', '*steuerflucht*', 'steuerdelikt*', 'steuerstraftat*', 'cum ex', 'cum-ex', 'umsatzsteuerkarussell*', 'steuern hinterzogen', 'hinterzogene steuern'],
      weak: ['finanzamt*', 'steuer*', 'fiskus', 'steueroase*'],
    },
    cybercrime: {
      strong: ['*hacker*', '*hackerangriff*', '*cyberangriff*', '*cyberattack*', 'cyberkriminal*', 'internetkriminalitat', 'ransomware', 'schadsoftware', '*erpressungstrojaner*', 'phishing', 'kinderpornografie', 'kinderpornographie', 'kinderpornograf*', 'darknet', 'gehackt', 'datendiebstahl', '*cyberspionage*'],
      weak: ['cyber*', 'datenleck*', 'datenpanne*', 'trojaner*'],
    },
    environmental_crime: {
      strong: ['umweltkriminalitat', 'umweltverbrechen', 'umweltdelikt*', 'umweltstraftat*', '*wilderei*', '*wilderer*', 'illegale abholzung', 'illegaler holzeinschlag', 'illegale fischerei', 'artenschutz verstoss*', 'illegale mullentsorgung', 'abgasmanipulation*', 'abgasbetrug', 'dieselskandal', 'elfenbeinhandel'],
      weak: ['verschmutz*', 'umweltverschmutzung', 'emission*', 'geschutzte art*', 'bedrohte art*', 'olpest', 'abgas*'],
    },
    regulatory_enforcement: {
      strong: ['bussgeld*', 'geldbusse*', 'bafin', 'kartellamt*', 'bundeskartellamt*', 'aufsichtsbehorde verhangt', 'lizenz entzogen', 'zulassung entzogen', 'verwarnungsgeld*', 'ordnungsgeld*', 'zwangsgeld*'],
      weak: ['strafe*', 'verstoss*', 'verstosse', 'aufsicht*', 'regulierer*', 'auflage*', 'vergleich'],
    },
    violent_crime: {
      strong: [
        'mord', 'morde', 'mordes', 'mordfall*', 'mordanklage*', 'mordprozess*', 'mordversuch*', 'mordserie*', 'doppelmord*', 'raubmord*',
        'ehrenmord*', 'auftragsmord*', 'massenmord*', 'ermordet*', 'morder*', '*totschlag*', 'getotet', 'totung*', 'vergewaltig*', 'missbrauch*',
        'kindesmissbrauch*', 'sexuellen missbrauch*', 'sexueller missbrauch*', 'sexuelle belastigung', 'sexueller ubergriff*',
        'sexuelle ubergriffe', 'padophil*', 'entfuhr*', 'folter*', 'kriegsverbrech*', 'verbrechen gegen die menschlichkeit', 'volkermord*', 'massaker*',
        'messerangriff*', 'messerattacke*', 'erstochen', 'erschossen', 'erschoss*', 'korperverletzung*', 'amoklauf*', 'amoklaufer*', 'hassverbrechen',
        'hausliche gewalt', 'vergiftet*', 'vergiftung*', 'geiselnahme*',
      ],
      weak: ['tot', 'toten', 'schuss*', 'schusse', 'geschossen', 'gewalt*', 'gewalttat*', 'angegriffen', 'angreifer*', 'geschlagen', 'verprugel*', 'misshandl*'],
    },
    other_crime: {
      strong: [
        '*diebstahl*', 'gestohlen*', 'dieb', 'diebe', 'dieben', 'einbrecher*', 'wohnungseinbruch*', 'einbruchdiebstahl*', 'eingebrochen',
        '*raububerfall*', 'bankraub*',
        'raub', 'plunderung*', '*spionage*', 'landesverrat', 'hochverrat', 'brandstiftung*', 'brandstifter*', 'meineid*', 'falschaussage*',
        'strafvereitelung', 'schmuggel*', '*waffenhandel*', 'wahlbetrug', 'wahlfalschung*', 'stimmenkauf', 'vandalismus', 'sachbeschadigung*',
        'fahrerflucht', 'unfallflucht', 'trunkenheit am steuer', 'fahrlassige totung', 'gefangenenbefreiung', 'hehlerei', 'volksverhetzung',
      ],
      weak: ['einbruch*', 'uberfall*', 'spion*', 'unfall*', 'zusammenstoss*', 'entwendet*', 'geraubt*'],
    },
  },
  generic: {
    strong: ['verbrecher*', 'straftater*', 'kriminelle', 'krimineller', 'kriminellen', 'tater', 'taterin', 'tatverdachtig*'],
    weak: ['*straftat*', '*verbrechen*', 'kriminalitat', 'kriminell*', 'illegal*', 'rechtswidrig*', 'gesetzeswidrig*', 'delikt*', 'vergehen', 'verschworung*', 'unregelmassigkeit*'],
  },
  near: [
    { category: 'tax_crime', a: ['steuer*', 'steuern', 'finanzamt*', 'fiskus'], b: ['hinterz*', 'betrug*', 'verschwieg*', 'verheimlich*', 'hinterzogen'], strong: true },
    { category: 'drug_trafficking', a: ['droge*', 'drogen', 'kokain*', 'heroin*', 'cannabis', 'marihuana', 'rauschgift*'], b: ['handel*', 'verkauf*', 'verkauft', 'geschmuggelt', 'schmuggel*', 'beschlagnahmt', 'sichergestellt', 'kilo*', 'tonnen'], strong: true },
    { category: 'human_trafficking_smuggling', a: ['geschleust', 'geschmuggelt', 'schmuggel*', 'ausgebeutet'], b: ['migrant*', 'fluchtling*', 'menschen', 'frauen', 'kinder'], strong: true },
    { category: 'environmental_crime', a: ['getotet', 'gejagt', 'gewildert', 'verkauft', 'gehandelt'], b: ['geschutzt*', 'bedroht*', 'art', 'arten', 'elfenbein'], strong: true },
  ],
  attribution: {
    strong: [
      'festgenommen', 'festnahme*', 'verhaftet*', 'verhaftung*', 'angeklagt*', 'anklage*', 'anklage erhoben', 'verurteil*', 'haftstrafe*', 'gefangnisstrafe*', 'freiheitsstrafe*',
      'jahre haft', 'monate haft', 'lebenslang*', 'untersuchungshaft', 'in haft', 'in gewahrsam', 'ausgeliefert', 'auslieferung*', 'haftbefehl*',
      'zur fahndung ausgeschrieben', 'fahndung*', 'gesucht wegen', 'gestand*', 'gestandnis*', 'schuldig gesprochen', 'bekannte sich schuldig',
      'bekannten sich schuldig', 'schuldig bekannt', 'geldstrafe*', 'strafbefehl*', 'prozess gegen', 'vor gericht', 'muss sich verantworten',
      'mussen sich verantworten', 'reklamiert*', 'bekannte sich zu', 'sanktioniert*', 'belangt', 'abgeschoben', 'rote ausschreibung', 'red notice',
    ],
    weak: [
      'beschuldigt*', 'vorgeworfen', 'vorwurf*', 'mutmasslich*', 'verdacht*', 'verdachtig*', 'ermittl*', 'staatsanwalt*', 'razzia*',
      'durchsuch*', 'prozess', 'angezeigt', 'anzeige*', 'strafanzeige*', 'beschuldigung*', 'zugeschrieben', 'verantwortlich fur',
      'bestreitet', 'bestritt', 'soll', 'sollen', 'angeblich*',
    ],
  },
  selfAttributing: [
    'festgenommen', 'festnahme*', 'verhaftet*', 'angeklagt*', 'anklage erhoben', 'verurteil*', 'haftbefehl*', 'ausgeliefert', 'auslieferung*',
    'zur fahndung ausgeschrieben', 'gestand*', 'schuldig gesprochen', 'bekannte sich schuldig', 'bekannten sich schuldig', 'schuldig bekannt',
    'muss sich verantworten', 'mussen sich verantworten', 'prozess gegen',
  ],
  shields: [
    'anti*', 'gegen', 'kampf gegen', 'bekampf*', '*bekampf*', 'pravention', '*pravention*', 'vorbeug*', 'gesetz gegen', 'gesetz zur', 'gesetzentwurf*',
    'strafen fur', 'herzstillstand', 'herzinfarkt', 'lebensmittelvergiftung', 'verbot*', 'verbiet*', 'abschaff*', '*dezernat*', '*abteilung*',
    '*konferenz*', '*beauftragte*',
  ],
  postShields: ['abteilung', 'einheit', 'dezernat', 'konferenz', 'gesetz', 'gesetze', 'behorde', 'beauftragte*'],
  crowds: ['menschen', 'personen', 'demonstranten', 'dutzende', 'hunderte', 'tausende', 'mehrere', 'einige', 'migranten', 'ein mann', 'eine frau', 'unbekannte*', 'jugendliche'],
  counts: ['zwei', 'drei', 'vier', 'funf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'zwanzig'],
  negations: ['strafbar', 'wird bestraft', 'nicht', 'kein', 'keine', 'keinen', 'ohne beweise', 'bestreitet', 'bestritt', 'haltlos*', 'unbegrundet*', 'nie'],
  sentiment: {
    positive: [
      'gewinn*', 'sieg*', 'erfolg*', 'feier*', 'auszeichn*', 'gelobt', 'lob', 'begrusst', 'verbesser*', 'wachstum*', 'rekord*', 'hoffnung*', 'frieden*',
      'einigung*', 'unterstutz*', 'dank*', 'glucklich*', 'freude*', 'goldmedaille*', 'meister*', 'innovation*', 'rettung*', 'gerettet',
      'freigelassen', 'freispruch*', 'freigesprochen', 'fortschritt*', 'gestarkt',
    ],
    negative: [
      'tot', 'tote', 'toten', 'getotet', 'tod', 'todes*', 'starb', 'gestorben', 'verletzt*', 'angriff*', 'krise*', 'katastroph*', 'unfall*',
      'brand', 'feuer', 'zerstor*', 'schaden*', 'verlust*', 'angst', 'bedroh*', 'krieg*', 'gewalt*', 'protest*', 'verurteil*', 'kritik*',
      'kritisier*', 'scheiter*', 'einsturz*', 'opfer', 'tragod*', 'tragisch*', 'leid', 'schmerz*', 'schlimm*', 'illegal*', 'verbrechen*',
      'kriminell*', 'vorwurf*', 'festgenommen', 'gefangnis*', 'betrug*', 'korruption*', 'skandal*', 'missbrauch*', 'epidemie', 'pandemie',
      'notfall*', 'gefahr*', 'risiko*', 'warn*', 'ruckgang*', 'problem*', 'sorge*', 'streit*', 'rucktritt*', 'schuldig', 'terror*',
    ],
  },
};
