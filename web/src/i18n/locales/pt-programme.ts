import type { ProgrammeMessages } from './en-programme';

/** Português (Brasil): the programme page and the application (en-programme.ts). */
export const ptProgramme: ProgrammeMessages = {
  programme: {
    earn: 'Quanto você ganha',
    perSale: 'por venda',
    cookieDays_one: 'em vendas até {{count}} dia após o clique',
    cookieDays_other: 'em vendas até {{count}} dias após o clique',
    faq: 'Perguntas frequentes',
    apply: 'Quero ser afiliado',
    applySubtitle: 'Conte sobre você e como vai divulgar. Um administrador analisa cada pedido.',
    applyNow: 'Candidate-se',
    aboutYou: 'Sobre você e seus canais',
    choose: 'Escolha uma opção',
    unavailable: 'Não foi possível carregar a página do programa.',
    invalid: {
      url: 'Informe um endereço que comece com http:// ou https://',
      number: 'Informe um número',
      choice: 'Escolha uma das opções',
      text: 'Use um texto mais curto',
      long_text: 'Use um texto mais curto',
    },
  },
};
