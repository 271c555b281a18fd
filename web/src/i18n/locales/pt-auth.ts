import type { AuthMessages } from './en-auth';

/** Português (Brasil): the other signed-out screens' texts (en-auth.ts). */
export const ptAuth: AuthMessages = {
  auth: {
    acceptTerms: 'Aceito os termos do programa e a política de privacidade',
    registerSubtitle: 'Participe do programa: divulgue nossas campanhas e ganhe comissão em cada venda.',
    register: 'Criar conta',
    registeredTitle: 'Cadastro recebido',
    registeredText:
      'Obrigado, {{name}}! Confira a sua caixa de entrada em {{email}}: enviamos uma mensagem sobre este cadastro. Um administrador analisa cada novo cadastro, e avisaremos por e-mail assim que ele for aprovado.',
    backToLogin: 'Voltar para o login',
    twoStepsSubtitle:
      'Digite o código de 6 dígitos do seu aplicativo autenticador ou um dos seus códigos de recuperação.',
    code: 'Código de verificação',
    verify: 'Verificar',
    forgotSubtitle: 'Informe seu e-mail e enviaremos um link para você criar uma nova senha.',
    sendLink: 'Enviar link',
    linkSent:
      'Se existir uma conta para {{email}}, um link para criar uma nova senha está a caminho. Ele vale por 1 hora.',
    resetSubtitle: 'Escolha uma nova senha para a sua conta.',
    saveNewPassword: 'Salvar nova senha',
    askNewLink: 'Pedir um novo link',
    passwordReset: 'Sua senha foi alterada. Entre com a nova senha.',
    signingOut: 'Saindo…',
    maintenanceDefault: 'O portal está em manutenção. Volte daqui a pouco.',
    tryAgain: 'Tentar novamente',
    noMaintenanceTitle: 'O portal está aberto',
    noMaintenance: 'Não há manutenção em andamento: está tudo disponível.',
    goToPortal: 'Ir para o portal',
    haveAccount: 'Já tem uma conta?',
  },
  unsubscribe: {
    working: 'Cancelando a inscrição',
    done: 'Pronto: você não receberá mais comunicados por e-mail. Os comunicados continuam aparecendo nas suas mensagens no portal.',
    help: 'Mudou de ideia? Ative de novo os comunicados por e-mail nas configurações da sua conta.',
    toAccount: 'Ir para minha conta',
  },
};
