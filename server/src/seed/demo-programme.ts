import type { Question } from '@contract/programme';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { affiliates, applicationAnswers, programmePage } from '../db/schema';

const QUESTIONS: Question[] = [
  {
    id: 'canal',
    label: 'Onde você vai divulgar?',
    kind: 'choice',
    options: ['Instagram', 'YouTube', 'TikTok', 'Blog ou site', 'WhatsApp'],
    required: true,
  },
  { id: 'link', label: 'Link do seu canal principal', kind: 'url', options: [], required: true },
  { id: 'seguidores', label: 'Quantos seguidores você tem?', kind: 'number', options: [], required: false },
  { id: 'publico', label: 'Conte sobre o seu público', kind: 'long_text', options: [], required: false },
];

/** What the demo's applicants answered, by affiliate code. */
const ANSWERS: Record<string, [string, string, string, string]> = {
  AFDEMO01: [
    'Instagram',
    'https://instagram.com/ana.souza.casa',
    '48200',
    'Mulheres de 25 a 40 anos que cuidam da casa e da família.',
  ],
  AFDEMO06: [
    'YouTube',
    'https://youtube.com/@felipecostatech',
    '15300',
    'Reviews de tecnologia para quem compra pela primeira vez.',
  ],
  AFDEMO07: ['Blog ou site', 'https://gabrielarodrigues.blog.br', '', 'Receitas saudáveis e rotina de treinos.'],
  AFDEMO08: ['WhatsApp', 'https://chat.whatsapp.com/ofertas-henrique', '900', ''],
};

/** The demo's public page (/programa): a pitch, an FAQ, four questions, and its applicants' answers. */
export async function seedProgrammeDemo(tx: Db) {
  await tx.insert(programmePage).values({
    name: 'Programa de Parceiros Afiliados',
    pitch:
      'Indique produtos que você já usa e ganhe comissão em cada venda. Cadastro gratuito, links prontos em segundos e pagamento por PIX todo mês.',
    faq: [
      {
        question: 'Quanto custa participar?',
        answer: 'Nada. O cadastro é gratuito e você só precisa ser aprovado pela nossa equipe.',
      },
      {
        question: 'Quando recebo minhas comissões?',
        answer:
          'A comissão fica disponível depois do prazo de garantia da venda; você pede o resgate por PIX a partir de R$ 10,00.',
      },
      {
        question: 'Preciso ter CNPJ?',
        answer: 'Não. Pessoas físicas recebem com CPF; a nota fiscal só é pedida a quem tem empresa.',
      },
    ],
    questions: QUESTIONS,
  });
  const people = await tx
    .select({ id: affiliates.id, code: affiliates.code })
    .from(affiliates)
    .where(inArray(affiliates.code, Object.keys(ANSWERS)));
  const rows = people.flatMap((person) =>
    QUESTIONS.flatMap((question, position) => {
      const value = ANSWERS[person.code]?.[position] ?? '';
      return value
        ? [
            {
              affiliateId: person.id,
              questionId: question.id,
              label: question.label,
              kind: question.kind,
              value,
              position,
            },
          ]
        : [];
    }),
  );
  if (rows.length) await tx.insert(applicationAnswers).values(rows);
}
