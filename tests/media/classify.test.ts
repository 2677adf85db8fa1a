/**
 * The adverse-media classifier (server/media-corpus/classify): known adverse and non-adverse articles
 * in the six languages (real corpus articles for English and Russian, short texts written for these
 * tests for Spanish, French, German and Arabic), keyword offsets, sentiment sign, language
 * detection, countries, and the arithmetic of the labels evaluation. The F1 targets on the labelled
 * files are the benchmark's business (scripts/bench-media-classify.ts), not a unit test's.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyArticle, countriesMentioned, detectLanguage, type Classification, type MediaLanguage } from '../../server/media-corpus/classify';
import { evaluateLabels, htmlToText, readLabelledFile } from '../../server/media-corpus/classify/labels';

const MEDIA_DIR = resolve(import.meta.dirname, '..', '..', process.env.MEDIA_DIR ?? '../shared/data/media');
const HAS_CORPUS = existsSync(join(MEDIA_DIR, 'labels'));

interface Sample {
  language: MediaLanguage;
  title: string;
  body: string;
}

/** Written for these tests: invented people and places, each a few sentences of ordinary news prose. */
const ADVERSE: Sample[] = [
  {
    language: 'es',
    title: 'Detenido el exalcalde de Villanueva por blanqueo de capitales',
    body: 'La Guardia Civil detuvo el martes al exalcalde de Villanueva, Tomás Ríos, acusado de blanquear más de dos millones de euros procedentes del narcotráfico a través de sociedades pantalla. El juez lo envió a prisión preventiva. Según la fiscalía, Ríos cobraba sobornos de empresas constructoras.',
  },
  {
    language: 'fr',
    title: "L'ancien maire de Saint-Clair condamné pour corruption",
    body: "Le tribunal correctionnel de Lyon a condamné jeudi l'ancien maire de Saint-Clair, Pierre Morel, à trois ans de prison dont un ferme pour corruption et favoritisme dans l'attribution de marchés publics. Il a été reconnu coupable d'avoir perçu des pots-de-vin d'une entreprise de travaux publics.",
  },
  {
    language: 'de',
    title: 'Ehemaliger Bankmanager wegen Steuerhinterziehung angeklagt',
    body: 'Die Staatsanwaltschaft Frankfurt hat den ehemaligen Bankmanager Klaus Berger wegen Steuerhinterziehung und Geldwäsche angeklagt. Er soll über Briefkastenfirmen in Panama Millionen vor dem Finanzamt versteckt haben. Berger bestreitet die Vorwürfe.',
  },
  {
    language: 'ar',
    title: 'اعتقال وزير سابق بتهمة الفساد وغسل الأموال',
    body: 'ألقت السلطات القبض على وزير المالية السابق سامي العلي بتهمة تلقي رشاوى وغسل الأموال عبر شركات وهمية في الخارج. وقالت النيابة العامة إنه سيحاكم الشهر المقبل.',
  },
  {
    language: 'es',
    title: 'Condenado a 20 años el asesino de una joven en Sevilla',
    body: 'La Audiencia de Sevilla ha condenado a 20 años de prisión a Javier Molina por el asesinato de su expareja en 2021. El tribunal considera probado que el acusado la apuñaló en su domicilio.',
  },
  {
    language: 'fr',
    title: 'Un réseau de trafic de drogue démantelé à Marseille',
    body: 'La police a démantelé un réseau de trafic de stupéfiants dans les quartiers nord de Marseille. Douze personnes ont été interpellées et placées en garde à vue, dont le chef présumé du réseau, Karim B., déjà condamné pour trafic.',
  },
  {
    language: 'de',
    title: 'Früherer Bürgermeister wegen Bestechlichkeit verurteilt',
    body: 'Das Landgericht München hat den früheren Bürgermeister von Neustadt, Georg Huber, wegen Bestechlichkeit zu drei Jahren Haft verurteilt. Er hatte von einem Bauunternehmer Schmiergeld angenommen.',
  },
  {
    language: 'ar',
    title: 'مقتل خمسة في هجوم تبناه تنظيم داعش',
    body: 'قتل خمسة جنود في هجوم بسيارة مفخخة على نقطة تفتيش شمال البلاد، وتبنى تنظيم داعش الهجوم في بيان.',
  },
];

const NOT_ADVERSE: Sample[] = [
  {
    language: 'es',
    title: 'El Real Zaragoza gana la final de copa',
    body: 'El Real Zaragoza ganó el domingo la final de copa ante un estadio lleno. Los aficionados celebraron la victoria hasta la madrugada y el entrenador agradeció el apoyo del público.',
  },
  {
    language: 'es',
    title: 'El Gobierno presenta un plan contra la corrupción',
    body: 'El Gobierno presentó este lunes un plan de lucha contra la corrupción y el fraude fiscal que refuerza la prevención en los ayuntamientos. La ministra explicó que la nueva ley mejorará la transparencia.',
  },
  {
    language: 'fr',
    title: 'Le festival de jazz de Vienne bat un record',
    body: 'Le festival de jazz de Vienne a accueilli cette année plus de deux cent mille spectateurs, un record. Les organisateurs se félicitent du succès de cette édition et remercient les bénévoles.',
  },
  {
    language: 'de',
    title: 'Neue Brücke über den Rhein eröffnet',
    body: 'In Köln wurde am Samstag eine neue Fußgängerbrücke über den Rhein eröffnet. Die Bürgermeisterin lobte die gelungene Zusammenarbeit und freute sich über den Erfolg des Projekts.',
  },
  {
    language: 'ar',
    title: 'افتتاح معرض الكتاب الدولي في المدينة',
    body: 'افتتح وزير الثقافة معرض الكتاب الدولي بمشاركة مئات دور النشر من عشرين دولة. وأشاد الزوار بتنوع الكتب ونجاح الفعاليات الثقافية.',
  },
  {
    language: 'es',
    title: 'Un accidente de tráfico deja tres muertos en la A-4',
    body: 'Tres personas murieron y dos resultaron heridas en un choque entre un camión y un turismo en la autovía A-4. Los servicios de emergencia acudieron al lugar y la Guardia Civil investiga las causas del accidente.',
  },
  {
    language: 'fr',
    title: 'Un incendie ravage un entrepôt à Lille',
    body: "Un violent incendie a détruit un entrepôt dans la nuit de mardi à mercredi à Lille. Aucune victime n'est à déplorer. Une enquête a été ouverte pour déterminer l'origine du sinistre.",
  },
  {
    language: 'de',
    title: 'Bundestag beschließt Gesetz gegen Geldwäsche',
    body: 'Der Bundestag hat ein Gesetz zur Bekämpfung der Geldwäsche beschlossen. Banken müssen künftig verdächtige Zahlungen schneller melden.',
  },
  {
    language: 'ar',
    title: 'مؤتمر حول مكافحة الإرهاب',
    body: 'عقد في العاصمة مؤتمر دولي حول مكافحة الإرهاب وتمويل الإرهاب بمشاركة خبراء من عدة دول لتبادل الخبرات.',
  },
];

/** Every hit is where it says it is, and every keyword is one of the hits, lower-cased. */
function expectConsistent(article: { title: string; body: string }, c: Classification): void {
  for (const hit of c.hits) {
    expect((hit.field === 'title' ? article.title : article.body).slice(hit.start, hit.end)).toBe(hit.text);
    expect(c.categories).toContain(hit.category);
  }
  for (const [category, words] of Object.entries(c.keywords)) {
    const forms = c.hits.filter((h) => h.category === category).map((h) => h.text.toLowerCase());
    for (const word of words) expect(forms).toContain(word);
  }
  expect(c.sentiment_score).toBeGreaterThanOrEqual(-1);
  expect(c.sentiment_score).toBeLessThanOrEqual(1);
}

describe('hand-written articles in Spanish, French, German and Arabic', () => {
  it.each(ADVERSE)('$language: "$title" is adverse, negative, with its words highlighted', (sample) => {
    const c = classifyArticle(sample);
    expect(c.adverse).toBe(true);
    expect(c.sentiment).toBe('negative');
    expect(c.sentiment_score).toBeLessThan(0);
    expect(c.hits.length).toBeGreaterThan(0);
    expectConsistent(sample, c);
  });

  it.each(NOT_ADVERSE)('$language: "$title" is not adverse', (sample) => {
    const c = classifyArticle(sample);
    expect(c.adverse).toBe(false);
    expect(c.categories).toEqual([]);
    expect(c.hits).toEqual([]);
    expect(c.keywords).toEqual({});
  });

  it('names the categories and keeps the words as written (accents, compounds, Arabic clitics)', () => {
    const [es, fr, de, ar] = ADVERSE.map((s) => classifyArticle(s));
    expect(es.categories).toContain('money_laundering');
    expect(es.keywords.money_laundering).toContain('blanqueo');
    expect(fr.categories).toEqual(['bribery_corruption']);
    expect(fr.keywords.bribery_corruption).toEqual(expect.arrayContaining(['corruption', 'pots-de-vin']));
    expect(de.categories).toEqual(expect.arrayContaining(['tax_crime', 'money_laundering']));
    expect(de.keywords.tax_crime).toContain('steuerhinterziehung');
    expect(de.keywords.money_laundering).toContain('geldwäsche');
    expect(ar.categories).toEqual(expect.arrayContaining(['bribery_corruption', 'money_laundering']));
    expect(ar.keywords.bribery_corruption).toContain('الفساد');
  });

  it('gives the offsets of every occurrence in title and body', () => {
    const sample = ADVERSE[1];
    const c = classifyArticle(sample);
    const corruption = c.hits.filter((h) => h.text.toLowerCase() === 'corruption');
    expect(corruption.map((h) => [h.field, h.start])).toEqual([
      ['title', sample.title.indexOf('corruption')],
      ['body', sample.body.indexOf('corruption')],
    ]);
  });

  it('scores a cheerful article as positive', () => {
    const c = classifyArticle(NOT_ADVERSE[0]);
    expect(c.sentiment).toBe('positive');
    expect(c.sentiment_score).toBeGreaterThan(0);
  });
});

describe('rules on short English texts', () => {
  const en = (title: string, body: string) => classifyArticle({ title, body, language: 'en' });

  it('needs a link to someone, not a crime word alone', () => {
    expect(en('Hotel fire kills nine', 'A fire killed nine guests overnight. Firefighters searched the rubble.').adverse).toBe(false);
    expect(en('Senate debates anti-corruption bill', 'Senators debated a bill to fight corruption and money laundering.').adverse).toBe(false);
    expect(en('Mayor charged', 'The mayor of Eastbrook, John Doe, was charged with bribery and fraud on Monday.').adverse).toBe(true);
  });

  it('reads "no evidence of fraud" as no fraud', () => {
    const c = en('Election results certified', 'Officials said there was no evidence of fraud and certified the results.');
    expect(c.adverse).toBe(false);
  });

  it('counts an arrest with no crime named as other_crime', () => {
    const c = en('Opposition leader Maria Lopez arrested', 'Police arrested opposition leader Maria Lopez at her home on Tuesday. She was detained overnight.');
    expect(c.adverse).toBe(true);
    expect(c.categories).toEqual(['other_crime']);
  });
});

describe.skipIf(!HAS_CORPUS)('corpus articles in English and Russian', () => {
  const find = (labels: string, title: string) => {
    const article = readLabelledFile(join(MEDIA_DIR, 'labels', labels), MEDIA_DIR).find((a) => a.title.startsWith(title));
    if (!article) throw new Error(`no article "${title}" in ${labels}`);
    return article;
  };

  it('en: a guilty plea to eight murders is adverse violent_crime', () => {
    const a = find('wikinews-en-2019.csv', 'Toronto serial killer Bruce McArthur pleads guilty');
    expect(detectLanguage(`${a.title}\n${a.body}`)).toBe('en');
    const c = classifyArticle({ title: a.title, body: a.body, language: 'en' });
    expect(c.adverse).toBe(true);
    expect(c.categories[0]).toBe('violent_crime');
    expect(c.keywords.violent_crime).toEqual(expect.arrayContaining(['serial killer', 'murders']));
    expect(c.sentiment).toBe('negative');
    expectConsistent(a, c);
    expect(countriesMentioned(`${a.title}\n${a.body}`, 'en')).toContain('CA');
  });

  it('en: a space station docking is not adverse', () => {
    const a = find('wikinews-en-2019.csv', 'SpaceX Crew Dragon capsule docks');
    const c = classifyArticle({ title: a.title, body: a.body, language: 'en' });
    expect(c.adverse).toBe(false);
    expect(c.hits).toEqual([]);
  });

  it('ru: footballers sentenced for assault and hooliganism is adverse', () => {
    const a = find('nerel-ru-wikinews-dev.csv', 'Кокорин и Мамаев осуждены');
    expect(detectLanguage(`${a.title}\n${a.body}`)).toBe('ru');
    const c = classifyArticle({ title: a.title, body: a.body, language: 'ru' });
    expect(c.adverse).toBe(true);
    expect(c.categories).toEqual(expect.arrayContaining(['other_crime', 'violent_crime']));
    expect(c.keywords.other_crime).toContain('хулиганство');
    expect(c.sentiment).toBe('negative');
    expectConsistent(a, c);
  });

  it('ru: an emperor abdicating is not adverse', () => {
    const a = find('nerel-ru-wikinews-dev.csv', 'Император Японии Акихито завершил');
    const c = classifyArticle({ title: a.title, body: a.body, language: 'ru' });
    expect(c.adverse).toBe(false);
    expect(countriesMentioned(`${a.title}\n${a.body}`, 'ru')).toContain('JP');
  });
});

describe('detectLanguage', () => {
  it.each([...ADVERSE, ...NOT_ADVERSE])('$language: "$title"', (sample) => {
    expect(detectLanguage(`${sample.title}\n${sample.body}`)).toBe(sample.language);
  });

  it('reads Russian and Arabic from the script, and leaves other languages as other', () => {
    expect(detectLanguage('Путин подписал закон')).toBe('ru');
    expect(detectLanguage('Суд вынес приговор бывшему мэру')).toBe('ru');
    expect(detectLanguage('اعتقال وزير سابق')).toBe('ar');
    expect(detectLanguage('Колишнього мера затримали за підозрою у шахрайстві')).toBe('other');
    expect(detectLanguage('Il sindaco della città è stato arrestato ieri dalla polizia con l’accusa di corruzione.')).toBe('other');
    expect(detectLanguage('12345 !!!')).toBe('other');
  });

  it('is not swayed by foreign names in an English article', () => {
    const text =
      'The mayor of Gdańsk, Paweł Adamowicz, was stabbed on stage during a charity concert in Gdańsk. ' +
      'The attacker, identified as Stefan W., had been released from prison in December. ' +
      'Interior Minister Joachim Brudziński said the suspect had a history of violent crime and was arrested at the scene.';
    expect(detectLanguage(text)).toBe('en');
  });
});

describe('countriesMentioned', () => {
  it('finds names and demonyms in order of first mention', () => {
    expect(countriesMentioned('The U.S. Treasury sanctioned three Russian firms; British police arrested a man in France.', 'en')).toEqual(['US', 'RU', 'GB', 'FR']);
  });

  it('matches Russian names through their case endings and adjectives', () => {
    expect(countriesMentioned('Власти Франции, Германии и Китая обсудили санкции против российских компаний и США.', 'ru')).toEqual(['FR', 'DE', 'CN', 'RU', 'US']);
  });

  it('does not take a name that merely starts like a country', () => {
    expect(countriesMentioned('Папа Франциск посетил Сан-Франциско.', 'ru')).toEqual([]);
  });

  it('strips Arabic clitics and reads demonyms', () => {
    expect(countriesMentioned('اعتقلت السلطات في مصر والعراق رجل أعمال أمريكي بتهمة غسل الأموال في روسيا', 'ar')).toEqual(['EG', 'IQ', 'US', 'RU']);
  });

  it('reads es, fr and de names and demonyms', () => {
    expect(countriesMentioned('El exalcalde español fue detenido en Francia', 'es')).toEqual(['ES', 'FR']);
    expect(countriesMentioned("L'ancien ministre français a été mis en examen en Belgique", 'fr')).toEqual(['FR', 'BE']);
    expect(countriesMentioned('Der deutsche Manager wurde in der Schweiz verhaftet', 'de')).toEqual(['DE', 'CH']);
  });

  it('skips Jordan the person, lower-case common words and two-letter words', () => {
    expect(countriesMentioned('Michael Jordan met King Abdullah of Jordan.', 'en')).toEqual(['JO']);
    expect(countriesMentioned('We ate turkey in the kitchen; it is in the oven. Tell us.', 'en')).toEqual([]);
    expect(countriesMentioned('A family reunion in New Jersey and New Mexico.', 'en')).toEqual([]);
  });
});

describe('labels evaluation', () => {
  /** A labels file beside its own article texts, and a media folder with one CSV source. */
  function fixture(): { labels: string; mediaDir: string } {
    const root = mkdtempSync(join(tmpdir(), 'media-labels-'));
    const mediaDir = join(root, 'media');
    mkdirSync(join(mediaDir, 'news'), { recursive: true });
    writeFileSync(
      join(mediaDir, 'news', 'news.csv'),
      'url,title,text\nhttps://example.org/a,Mayor charged,The mayor was charged with fraud.\n',
    );
    writeFileSync(
      join(mediaDir, 'news', 'releases.csv'),
      ',id,title,body,date,url\n0,1,Release,"<p>Officials &amp; agents <b>arrested</b> him.</p>",0,https://example.org/b\n',
    );
    const dir = join(root, 'labels');
    mkdirSync(dir);
    writeFileSync(join(dir, 'c.txt'), '\nBank fined\nThe bank was fined.\n');
    writeFileSync(join(dir, 'd.txt'), 'Concert\nA concert took place.\n');
    const labels = join(dir, 'labels.csv');
    writeFileSync(
      labels,
      [
        'id,adverse,categories,title',
        'https://example.org/a,1,fraud|bribery_corruption,Mayor charged',
        'https://example.org/b,1,other_crime,Release',
        'c.txt,1,regulatory_enforcement,Bank fined',
        'd.txt,0,,Concert',
      ].join('\n'),
    );
    return { labels, mediaDir };
  }

  it('finds each article by url (CSV sources, HTML bodies made plain) or by text file', () => {
    const { labels, mediaDir } = fixture();
    const articles = readLabelledFile(labels, mediaDir);
    expect(articles.map((a) => [a.title, a.body, a.adverse, a.categories])).toEqual([
      ['Mayor charged', 'The mayor was charged with fraud.', true, ['fraud', 'bribery_corruption']],
      ['Release', 'Officials & agents arrested him.', true, ['other_crime']],
      ['Bank fined', 'The bank was fined.', true, ['regulatory_enforcement']],
      ['Concert', 'A concert took place.', false, []],
    ]);
  });

  it('refuses an id it cannot find', () => {
    const { mediaDir } = fixture();
    const bad = join(mediaDir, 'bad.csv');
    writeFileSync(bad, 'id,adverse,categories,title\nmissing.txt,0,,Missing\n');
    expect(() => readLabelledFile(bad, mediaDir)).toThrow(/missing\.txt/);
  });

  it('computes precision, recall and F1 of adverse and per category, overall and per language', () => {
    const { labels, mediaDir } = fixture();
    const articles = readLabelledFile(labels, mediaDir);
    const evaluation = evaluateLabels(articles, [
      { language: 'en', adverse: true, categories: ['fraud'] }, // tp; fraud tp, bribery fn
      { language: 'en', adverse: false, categories: [] }, // fn; other_crime fn
      { language: 'es', adverse: true, categories: ['regulatory_enforcement'] }, // tp
      { language: 'es', adverse: true, categories: ['fraud'] }, // fp; fraud fp
    ]);
    expect(evaluation.articles).toBe(4);
    expect(evaluation.adverse).toEqual({ support: 3, tp: 2, fp: 1, fn: 1, precision: 0.667, recall: 0.667, f1: 0.667 });
    expect(evaluation.categories.fraud).toEqual({ support: 1, tp: 1, fp: 1, fn: 0, precision: 0.5, recall: 1, f1: 0.667 });
    expect(evaluation.categories.bribery_corruption).toMatchObject({ support: 1, tp: 0, fn: 1, recall: 0, f1: 0 });
    expect(evaluation.categories.terrorism).toMatchObject({ support: 0, tp: 0, fp: 0, fn: 0, f1: 1 });
    expect(evaluation.languages.en?.adverse).toMatchObject({ tp: 1, fp: 0, fn: 1, precision: 1, recall: 0.5, f1: 0.667 });
    expect(evaluation.languages.es?.adverse).toMatchObject({ tp: 1, fp: 1, fn: 0, precision: 0.5, recall: 1, f1: 0.667 });
  });

  it('turns HTML into plain text with line breaks at block ends', () => {
    expect(htmlToText('<div>One &amp; two</div><p>Three&#39;s <i>four</i></p><script>x()</script>')).toBe("One & two\nThree's four");
  });
});
