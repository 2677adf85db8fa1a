/**
 * French lexicon. Elided articles are separate tokens ("l'escroquerie" gives "escroquerie"), matching
 * ignores accents, and stems cover gender and number ("condamné*" = condamné, condamnée, condamnés).
 */
import type { LanguageLexicon } from '../rules';

export const fr: LanguageLexicon = {
  categories: {
    fraud: {
      strong: [
        'fraude*', 'frauduleu*', 'escroc*', 'escroquerie*', 'arnaque*', 'detournement de fonds', 'detournements de fonds', 'abus de biens sociaux',
        'abus de confiance', 'chaine de ponzi', 'pyramide de ponzi', 'delit d initie', 'manipulation de cours', 'faux et usage de faux',
        'fausses factures', 'emplois fictifs', 'emploi fictif', 'faux documents', 'contrefacon*',
      ],
      weak: ['tromper*', 'falsifi*', 'fictif*', 'montage*', 'truqu*'],
    },
    bribery_corruption: {
      strong: [
        'corruption', 'pot de vin', 'pots de vin', 'soudoy*', 'trafic d influence', 'prise illegale d interets', 'favoritisme',
        'concussion', 'retrocommission*', 'abus de pouvoir', 'destitution', 'impeachment', 'enrichissement illicite',
      ],
      weak: ['corrompu*', 'corrompre', 'commissions occultes', 'conflit d interets'],
    },
    money_laundering: {
      strong: ['blanchiment*', 'blanchi', 'blanchir de l argent', 'argent sale', 'fonds illicites', 'produits du crime', 'societes ecrans', 'societe ecran'],
      weak: ['saisie*', 'confisqu*', 'paradis fiscal', 'paradis fiscaux', 'prete nom*'],
    },
    terrorism: {
      strong: [
        'terroris*', 'terreur', 'djihad*', 'jihad*', 'attentat*', 'voiture piegee', 'kamikaze*', 'etat islamique', 'daech', 'daesh',
        'al qaida', 'talib*', 'boko haram', 'shebab', 'aqmi', 'revendiqu* l attaque', 'revendiqu* l attentat', 'apologie du terrorisme',
        'association de malfaiteurs terroriste', 'financement du terrorisme', 'radicalise*',
      ],
      weak: ['extremis*', 'milicien*', 'insurg*', 'islamiste*', 'bombe*', 'explosif*', 'otage*', 'attaque*', 'hezbollah', 'hamas', 'houthi*', 'radicalisation', 'rebelle*'],
    },
    sanctions_evasion: {
      strong: [
        'violation des sanctions', 'contourn* les sanctions', 'contournement des sanctions', 'violation de l embargo', 'gel des avoirs',
        'avoirs geles', 'liste noire', 'controle des exportations', 'ofac',
      ],
      weak: ['sanction', 'sanctions', 'sanctionne*', 'embargo*', 'restrictions'],
    },
    drug_trafficking: {
      strong: [
        'trafic de drogue*', 'trafic de stupefiants', 'trafiquant* de drogue', 'narcotrafi*', 'cartel de', 'baron de la drogue',
        'stupefiants', 'go fast', 'point de deal', 'dealer*', 'deal de',
      ],
      weak: ['drogue*', 'cocaine', 'heroine', 'cannabis', 'resine', 'fentanyl', 'methamphetamine', 'cartel*', 'opioide*'],
    },
    human_trafficking_smuggling: {
      strong: [
        'traite des etres humains', 'traite d etres humains', 'trafic d etres humains', 'trafic de migrants', 'passeur*', 'proxenetisme',
        'proxenete*', 'travail force', 'esclavage sexuel', 'exploitation sexuelle', 'aide a l entree irreguliere', 'filiere d immigration',
      ],
      weak: ['esclavage', 'immigration clandestine', 'clandestin*', 'exploitation'],
    },
    organised_crime: {
      strong: [
        'mafia*', 'mafieu*', 'crime organise', 'criminalite organisee', 'bande organisee', 'association de malfaiteurs', 'organisation criminelle',
        'reseau criminel', 'grand banditisme', 'racket*', 'extorsion*', 'camorra', 'ndrangheta', 'cosa nostra', 'reglement de comptes',
      ],
      weak: ['gang*', 'bande*', 'clan*', 'cartel*', 'caid*'],
    },
    tax_crime: {
      strong: ['fraude fiscale', 'evasion fiscale', 'blanchiment de fraude fiscale', 'dissimulation de revenus', 'delit fiscal', 'fraude a la tva', 'carrousel de tva'],
      weak: ['fisc', 'impot*', 'fiscal*', 'redressement fiscal', 'optimisation fiscale'],
    },
    cybercrime: {
      strong: [
        'pirat* informatique*', 'piratage*', 'hacker*', 'cyberattaque*', 'cybercrim*', 'cyberdelinquan*', 'rancongiciel*', 'ransomware',
        'logiciel* malveillant*', 'hameconnage', 'phishing', 'pedopornograph*', 'intrusion* informatique*', 'dark web', 'darknet',
        'acces frauduleux',
      ],
      weak: ['cyber*', 'fuite de donnees', 'pirat*'],
    },
    environmental_crime: {
      strong: ['delit environnemental', 'crime environnemental', 'atteinte a l environnement', 'braconn*', 'peche illegale', 'deforestation illegale', 'trafic d especes', 'decharge sauvage', 'depot sauvage', 'trafic d ivoire'],
      weak: ['pollution*', 'pollu*', 'deversement*', 'espece* protegee*', 'especes menacees', 'emissions', 'maree noire'],
    },
    regulatory_enforcement: {
      strong: ['amende de', 'sanction administrative', 'sanction pecuniaire', 'autorite des marches financiers', 'amf', 'cnil', 'retrait de licence', 'retrait de l agrement', 'mise en demeure', 'autorite de la concurrence'],
      weak: ['amende*', 'infraction*', 'regulateur*', 'manquement*', 'non conformite', 'penalite*'],
    },
    violent_crime: {
      strong: [
        'meurtre*', 'meurtrier*', 'assassin*', 'homicide*', 'feminicide*', 'viol', 'viols', 'violeur*', 'agression* sexuelle*',
        'atteinte* sexuelle*', 'abus sexuel*', 'harcelement sexuel', 'pedophil*', 'pedocriminel*', 'enlevement*', 'sequestr*',
        'tortur*', 'crime* de guerre', 'crime* contre l humanite', 'genocide*', 'massacre*', 'tuerie*', 'poignard*', 'coups de couteau',
        'fusillade*', 'violences conjugales', 'violences volontaires', 'tentative de meurtre', 'coups et blessures', 'empoisonn*',
      ],
      weak: ['tue', 'tues', 'tuee', 'tuees', 'viole', 'violee', 'abattu*', 'tir', 'tirs', 'tire sur', 'violence*', 'violent*', 'agress*', 'frappe*', 'battu*'],
    },
    other_crime: {
      strong: [
        'cambriol*', 'braquage*', 'braqueur*', 'pillage*', 'espionnage', 'trahison', 'sedition', 'incendie criminel',
        'incendiaire*', 'faux temoignage', 'parjure', 'entrave a la justice', 'contrebande', 'trafic d armes', 'fraude electorale', 'achat de voix',
        'vandalisme', 'delit de fuite', 'conduite en etat d ivresse', 'homicide involontaire', 'evasion de prison', 'recel',
      ],
      weak: ['vol', 'vols', 'vole', 'volee', 'voles', 'volees', 'voler', 'derobe*', 'espion*', 'accident', 'collision', 'degradation*'],
    },
  },
  generic: {
    strong: ['malfaiteur*', 'criminel*', 'delinquant*'],
    weak: ['delit*', 'crime', 'crimes', 'illegal*', 'illicite*', 'infraction*', 'irregularite*', 'complot*'],
  },
  near: [
    { category: 'tax_crime', a: ['impot*', 'fiscal*', 'fisc', 'tva'], b: ['fraud*', 'evasion', 'eluder', 'dissimul*', 'soustr*'], strong: true },
    { category: 'drug_trafficking', a: ['drogue*', 'cocaine', 'heroine', 'cannabis', 'resine'], b: ['trafic*', 'vend*', 'vente', 'saisi*', 'kilos', 'tonnes', 'importation', 'livraison'], strong: true },
    { category: 'human_trafficking_smuggling', a: ['trafic*', 'passage*', 'exploit*', 'introdu*'], b: ['migrant*', 'clandestin*', 'personnes', 'femmes', 'mineurs'], strong: true },
    { category: 'environmental_crime', a: ['tue', 'tues', 'tuer', 'tuee', 'tuees', 'chass*', 'vend*', 'trafic*', 'abattu*'], b: ['protege*', 'menace* d extinction', 'espece*', 'ivoire'], strong: true },
  ],
  attribution: {
    strong: [
      'arrete', 'arretee', 'arretes', 'arretees', 'arrestation*', 'interpell*', 'garde a vue', 'mis en examen', 'mise en examen', 'mise en examen pour',
      'inculp*', 'condamn*', 'peine de prison', 'ans de prison', 'mois de prison', 'prison ferme', 'prison avec sursis', 'reclusion',
      'emprisonn*', 'ecroue*', 'incarcer*', 'detention provisoire', 'place en detention', 'extrad*', 'mandat d arret', 'notice rouge',
      'recherche par', 'plaide coupable', 'reconnu coupable', 'reconnue coupable', 'reconnu* coupables', 'a avoue', 'aveux', 'juge pour',
      'jugee pour', 'juges pour', 'proces de', 'renvoye* devant', 'devant le tribunal correctionnel', 'cour d assises', 'revendiqu*',
      'mis en cause', 'sanctionne*', 'amende*', 'condamnation*', 'poursuivi* pour', 'fugitif*', 'en fuite',
    ],
    weak: [
      'accus*', 'presum*', 'soupconn*', 'suspect*', 'enquete*', 'investigation*', 'parquet', 'procureur*', 'plainte*', 'allegation*',
      'impliqu*', 'attribu*', 'responsable de', 'perquisition*', 'descente de police', 'nie', 'dement*', 'incrimin*', 'vise par', 'visee par',
    ],
  },
  selfAttributing: [
    'arrete', 'arretee', 'arretes', 'arretees', 'interpell*', 'garde a vue', 'mis en examen', 'mise en examen', 'inculp*', 'condamn*',
    'ecroue*', 'incarcer*', 'extrad*', 'mandat d arret', 'notice rouge', 'plaide coupable', 'reconnu coupable', 'reconnue coupable', 'a avoue',
    'poursuivi* pour', 'juge pour', 'jugee pour',
  ],
  shields: [
    'anti', 'contre', 'lutte contre', 'lutter contre', 'combattre', 'prevention', 'prevenir', 'campagne contre', 'loi contre', 'loi sur', 'projet de loi',
    'reforme', 'peines pour', 'sanctions pour', 'arret cardiaque', 'crise cardiaque', 'attaque cardiaque', 'crise de panique',
    'intoxication alimentaire', 'interdi*', 'abol*', 'arrete prefectoral', 'arrete municipal', 'arrete ministeriel', 's est arrete',
    's est arretee', 'se sont arretes',
  ],
  postShields: ['parquet', 'brigade', 'unite', 'division', 'section', 'service', 'conference', 'colloque', 'forum', 'loi', 'lois'],
  crowds: ['personnes', 'manifestants', 'dizaines', 'centaines', 'milliers', 'plusieurs', 'migrants', 'un homme', 'une femme', 'inconnu*', 'individus', 'jeunes', 'habitant*'],
  counts: ['deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'vingt'],
  negations: ['passible*', 'puni de', 'punie de', 'ne', 'n', 'pas', 'sans preuve', 'aucune preuve', 'jamais', 'nie', 'dement*', 'infonde*', 'accusations mensongeres'],
  sentiment: {
    positive: [
      'gagn*', 'victoire*', 'succes', 'reussi*', 'celebr*', 'recompens*', 'hommage*', 'salu*', 'accueil*', 'ameliora*', 'croissance',
      'record*', 'benefic*', 'espoir*', 'paix', 'accord*', 'soutien*', 'remerci*', 'heureu*', 'joie', 'medaille d or', 'champion*', 'innov*', 'decouvert*',
      'sauve*', 'liber*', 'acquitte*', 'progres', 'renforc*', 'amour',
    ],
    negative: [
      'tue', 'tues', 'mort*', 'deces', 'decede*', 'bless*', 'attaque*', 'crise*', 'catastrophe*', 'accident*', 'incendie*', 'detrui*',
      'degat*', 'perte*', 'peur*', 'menace*', 'guerre*', 'violence*', 'violent*', 'manifestation*', 'condamn*', 'critiqu*', 'echec*',
      'effondr*', 'victime*', 'tragedie*', 'tragique*', 'souffr*', 'douleur', 'pire', 'illegal*', 'delit*', 'crime*', 'criminel*', 'accus*',
      'arret*', 'prison', 'fraude*', 'corruption', 'scandale*', 'abus', 'epidemie', 'pandemie', 'urgence', 'danger*', 'risque*', 'alerte*',
      'chute*', 'baisse*', 'probleme*', 'inquiet*', 'polemique*', 'conflit*', 'refus*', 'demission*', 'coupable*', 'terror*',
    ],
  },
};
