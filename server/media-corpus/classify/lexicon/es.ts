/**
 * Spanish lexicon. Matching ignores accents ("corrupción" = "corrupcion"), and stems cover gender and
 * number ("detenid*" = detenido, detenida, detenidos).
 */
import type { LanguageLexicon } from '../rules';

export const es: LanguageLexicon = {
  categories: {
    fraud: {
      strong: [
        'fraude*', 'fraudulent*', 'defraud*', 'estafa*', 'estafador*', 'timo', 'timos', 'malversaci*', 'desfalco*', 'esquema ponzi',
        'estafa piramidal', 'apropiacion indebida', 'informacion privilegiada', 'manipulacion del mercado', 'falsificaci*',
        'facturas falsas', 'administracion desleal',
      ],
      weak: ['engan*', 'falsific*', 'irregularidades', 'amaño*', 'trama'],
    },
    bribery_corruption: {
      strong: [
        'sobornar', 'soborno*', 'sobornad*', 'sobornó', 'cohecho', 'corrupcion', 'coima*', 'mordida*', 'trafico de influencias',
        'abuso de poder', 'prevaricaci*', 'enriquecimiento ilicito', 'comisiones ilegales', 'juicio politico', 'impeachment', 'nepotismo',
      ],
      weak: ['corrupt*', 'comisiones', 'favoritismo', 'conflicto de intereses'],
    },
    money_laundering: {
      strong: ['lavado de dinero', 'lavado de activos', 'blanqueo*', 'blanque*', 'lavar dinero', 'capitales ilicitos', 'fondos ilicitos', 'sociedades pantalla'],
      weak: ['decomis*', 'paraiso* fiscal*', 'testaferro*', 'empresas fantasma'],
    },
    terrorism: {
      strong: [
        'terroris*', 'terror', 'yihad*', 'atentado*', 'coche bomba', 'atentado suicida', 'estado islamico', 'isis', 'daesh', 'al qaeda',
        'talib*', 'boko haram', 'al shabab', 'eta', 'reivindic* el ataque', 'reivindic* el atentado', 'reivindic* la autoria',
        'apologia del terrorismo', 'financiacion del terrorismo',
      ],
      weak: ['extremis*', 'milician*', 'insurgen*', 'yihadist*', 'bomba*', 'explosivo*', 'rehen*', 'ataque*', 'hezbola', 'hamas', 'huties', 'radicaliz*', 'farc', 'guerriller*'],
    },
    sanctions_evasion: {
      strong: [
        'violacion de sanciones', 'eludir sanciones', 'evadir sanciones', 'evasion de sanciones', 'violar el embargo', 'congelacion de activos',
        'activos congelados', 'lista negra', 'lista de sancionados', 'control de exportaciones', 'ofac',
      ],
      weak: ['sancion', 'sanciones', 'sancionad*', 'embargo*', 'vetad*', 'prohibicion*'],
    },
    drug_trafficking: {
      strong: [
        'narcotrafic*', 'narcos', 'narco', 'trafico de drogas', 'trafico de estupefacientes', 'traficante* de drogas', 'cartel de',
        'capo*', 'contrabando de drogas', 'venta de drogas', 'alijo*',
      ],
      weak: ['droga*', 'cocaina', 'heroina', 'marihuana', 'fentanilo', 'estupefaciente*', 'metanfetamina', 'cartel*'],
    },
    human_trafficking_smuggling: {
      strong: [
        'trata de personas', 'trata de blancas', 'trafico de personas', 'trafico de migrantes', 'trafico de seres humanos', 'tratantes',
        'explotacion sexual', 'trabajo forzoso', 'trabajos forzados', 'esclavitud sexual', 'coyote*', 'pollero*',
      ],
      weak: ['esclavitud', 'inmigracion ilegal', 'inmigrantes ilegales', 'contrabando de personas'],
    },
    organised_crime: {
      strong: [
        'mafia*', 'mafios*', 'crimen organizado', 'delincuencia organizada', 'organizacion criminal', 'banda criminal', 'red criminal',
        'grupo criminal', 'asociacion ilicita', 'extorsion*', 'sicari*', 'maras', 'mara salvatrucha', 'camorra', 'ndrangheta', 'cosa nostra',
      ],
      weak: ['banda*', 'pandill*', 'clan*', 'cartel*'],
    },
    tax_crime: {
      strong: ['fraude fiscal', 'evasion fiscal', 'evasion de impuestos', 'delito fiscal', 'delitos fiscales', 'fraude a hacienda', 'defraudacion tributaria', 'elusion fiscal'],
      weak: ['hacienda', 'impuesto*', 'tributari*'],
    },
    cybercrime: {
      strong: [
        'hacker*', 'hackeo*', 'hackea*', 'ciberataque*', 'ciberdelito*', 'ciberdelincuen*', 'ransomware', 'malware', 'phishing',
        'pornografia infantil', 'acceso ilegal', 'intrusion informatica', 'secuestro de datos', 'dark web', 'red oscura',
      ],
      weak: ['ciber*', 'filtracion de datos', 'pirata* informatic*'],
    },
    environmental_crime: {
      strong: ['delito ecologico', 'delito ambiental', 'delitos ambientales', 'tala ilegal', 'pesca ilegal', 'mineria ilegal', 'caza furtiva', 'furtivo*', 'vertido* ilegal*', 'trafico de especies'],
      weak: ['contaminaci*', 'vertido*', 'especie* protegid*', 'especie* en peligro', 'emision*', 'deforestaci*'],
    },
    regulatory_enforcement: {
      strong: ['multad*', 'multa de', 'sancion administrativa', 'expediente sancionador', 'retirada de la licencia', 'revocacion de la licencia', 'comision nacional del mercado de valores', 'cnmv'],
      weak: ['multa', 'multas', 'infraccion*', 'regulador*', 'incumplimiento*', 'acuerdo extrajudicial', 'vulner*'],
    },
    violent_crime: {
      strong: [
        'asesin*', 'homicid*', 'feminicid*', 'femicid*', 'violaci* sexual', 'violador*', 'violo a', 'abuso* sexual*', 'agresi* sexual*',
        'acoso sexual', 'pederast*', 'pedofil*', 'secuestr*', 'tortur*', 'crimen* de guerra', 'crimenes de lesa humanidad', 'genocid*',
        'masacre*', 'matanza*', 'apuñal*', 'apunal*', 'tiroteo*', 'violencia de genero', 'violencia domestica',
      ],
      weak: ['mato', 'mataron', 'matar', 'asesinado', 'disparo*', 'dispar*', 'violencia', 'violento*', 'golpe*', 'abuso*', 'agresor*', 'agresion', 'lesiones', 'envenen*', 'ataco'],
    },
    other_crime: {
      strong: [
        'robo', 'robos', 'hurto*', 'ladron*', 'asalto*', 'atraco*', 'saqueo*', 'espionaje', 'traicion a la patria', 'sedicion', 'rebelion',
        'incendio provocado', 'incendiario*', 'perjurio', 'obstruccion a la justicia', 'contrabando', 'trafico de armas', 'fraude electoral',
        'compra de votos', 'desobediencia', 'vandalismo', 'conduccion temeraria', 'homicidio imprudente', 'fuga de la carcel',
      ],
      weak: ['robad*', 'robaron', 'espia*', 'accidente', 'choque'],
    },
  },
  generic: {
    strong: ['delincuente*', 'criminal*'],
    weak: ['delito*', 'crimen', 'crimenes', 'ilegal*', 'ilicit*', 'infraccion*', 'irregular*', 'conspiraci*'],
  },
  near: [
    { category: 'tax_crime', a: ['impuesto*', 'fiscal*', 'hacienda', 'tributari*'], b: ['evadi*', 'evasion', 'fraude*', 'defraud*', 'ocult*', 'eludi*'], strong: true },
    { category: 'drug_trafficking', a: ['droga*', 'cocaina', 'heroina', 'marihuana', 'estupefaciente*'], b: ['trafic*', 'vend*', 'venta', 'contraband*', 'incaut*', 'distribu*', 'kilos', 'toneladas'], strong: true },
    { category: 'human_trafficking_smuggling', a: ['trafic*', 'contraband*', 'introduc*', 'explot*'], b: ['migrante*', 'inmigrante*', 'personas', 'mujeres', 'menores', 'niños', 'ninos'], strong: true },
    { category: 'environmental_crime', a: ['mat*', 'caz*', 'vend*', 'trafic*', 'tal*'], b: ['protegid*', 'peligro de extincion', 'especie*', 'marfil'], strong: true },
  ],
  attribution: {
    strong: [
      'detenid*', 'detuvo', 'detuvieron', 'detencion', 'arrestad*', 'arresto', 'arrestaron', 'imputad*', 'imputacion', 'acusad* formalmente',
      'procesad*', 'condenad*', 'condena', 'condeno', 'sentenciad*', 'sentencia', 'encarcelad*', 'prision', 'carcel', 'años de prision',
      'extradi*', 'orden de captura', 'orden de arresto', 'orden de busca y captura', 'busca y captura', 'ficha roja', 'notificacion roja',
      'declarad* culpable', 'se declaro culpable', 'se declaro no culpable', 'admitio su culpabilidad', 'confeso', 'multad*', 'juzgad*',
      'juicio contra', 'banquillo', 'prision preventiva', 'bajo custodia', 'reivindic*', 'sancionad*', 'inhabilitad*', 'fugitiv*', 'procesamiento',
    ],
    weak: [
      'acusad*', 'acusa', 'acusan', 'acusacion*', 'presunt*', 'supuest*', 'sospechos*', 'investigad*', 'investigacion*', 'investiga',
      'pesquisa*', 'indagatoria', 'fiscal*', 'fiscalia', 'denuncia*', 'denunciad*', 'querella*', 'demanda*', 'alegaci*', 'señalad*',
      'senalad*', 'vinculad*', 'implicad*', 'responsabiliz*', 'atribuy*', 'atribuid*', 'redada*', 'allanamiento*', 'niega', 'nego',
    ],
  },
  selfAttributing: [
    'detenid*', 'detuvieron', 'arrestad*', 'arrestaron', 'imputad*', 'condenad*', 'condeno', 'sentenciad*', 'encarcelad*', 'extradi*',
    'declarad* culpable', 'se declaro culpable', 'se declaro no culpable', 'admitio su culpabilidad', 'orden de captura', 'busca y captura',
    'ficha roja', 'procesad*', 'juzgad*',
  ],
  shields: [
    'anti', 'contra', 'lucha contra', 'luchar contra', 'combatir', 'combate', 'prevencion', 'prevenir', 'campaña contra',
    'ley contra', 'ley de', 'proyecto de ley', 'reforma del', 'penas por', 'castigo por', 'paro cardiaco', 'ataque cardiaco', 'ataque al corazon',
    'ataque de panico', 'intoxicacion alimentaria', 'prohib*', 'abol*',
  ],
  postShields: ['fiscalia', 'unidad', 'brigada', 'division', 'seccion', 'departamento', 'conferencia', 'congreso', 'foro', 'ley', 'leyes'],
  crowds: ['personas', 'manifestantes', 'decenas', 'cientos', 'miles', 'varios', 'varias', 'migrantes', 'un hombre', 'una mujer', 'desconocid*', 'individuos', 'vecino', 'vecina', 'jovenes'],
  counts: ['dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'veinte'],
  negations: ['castigad*', 'penad*', 'no', 'sin pruebas', 'ninguna prueba', 'nunca', 'niega', 'negó', 'desmiente', 'falsas acusaciones', 'infundad*'],
  sentiment: {
    positive: [
      'gan*', 'victoria*', 'exito*', 'celebr*', 'premi*', 'homenaj*', 'elogi*', 'bienvenid*', 'mejor*', 'crecimiento', 'record', 'logr*',
      'beneficio*', 'esperanza*', 'paz', 'acuerdo*', 'recuper*', 'apoy*', 'agradec*', 'feliz', 'alegria', 'oro', 'campeon*', 'innovaci*',
      'descubr*', 'rescat*', 'liberad*', 'absuelt*', 'progreso*', 'impuls*', 'fortalec*', 'amor',
    ],
    negative: [
      'mato', 'mataron', 'muert*', 'murio', 'muere', 'herid*', 'ataque*', 'crisis', 'desastre*', 'accidente*', 'incendio*', 'destru*', 'daño*',
      'perdida*', 'miedo*', 'amenaza*', 'guerra*', 'violencia', 'violent*', 'protesta*', 'conden*', 'critic*', 'fracas*', 'colaps*',
      'victima*', 'tragedia*', 'tragic*', 'sufr*', 'dolor', 'peor', 'ilegal*', 'delito*', 'crimen*', 'criminal*', 'acusa*', 'detenid*',
      'prision', 'carcel', 'fraude*', 'corrup*', 'escandalo*', 'abuso*', 'epidemia', 'pandemia', 'emergencia', 'peligro*', 'riesgo*',
      'alerta*', 'caida*', 'cae', 'problema*', 'preocupa*', 'polemic*', 'disputa*', 'rechaz*', 'dimision', 'dimite', 'culpable*', 'terror*',
    ],
  },
};
