/**
 * An NFS-e as the national layout writes it (DPS_v1.00.xsd, namespace
 * http://www.sped.fazenda.gov.br/nfse: `infDPS/prest/CNPJ`, `infDPS/valores/vServPrest/vServ`;
 * the layout's public XSDs, "Leiautes da NFS-e" at https://www.gov.br/nfse), cut to the elements the
 * portal reads and their parents; the values are the test's.
 */
export const nfseXml = (value: string, issuerCnpj: string) => `<?xml version="1.0" encoding="UTF-8"?>
<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00">
  <infDPS Id="DPS261160721122233300018100001000000000000001">
    <tpAmb>2</tpAmb>
    <dhEmi>2026-11-20T10:00:00-03:00</dhEmi>
    <verAplic>1.0.0</verAplic>
    <serie>00001</serie>
    <nDPS>1</nDPS>
    <dCompet>2026-11-20</dCompet>
    <tpEmit>1</tpEmit>
    <cLocEmi>2611606</cLocEmi>
    <prest>
      <CNPJ>${issuerCnpj}</CNPJ>
      <regTrib><opSimpNac>3</opSimpNac><regEspTrib>0</regEspTrib></regTrib>
    </prest>
    <toma>
      <CNPJ>11444777000161</CNPJ>
      <xNome>Loja Exemplo LTDA</xNome>
    </toma>
    <serv>
      <locPrest><cLocPrestacao>2611606</cLocPrestacao></locPrest>
      <cServ><cTribNac>100101</cTribNac><xDescServ>Comissões de afiliado</xDescServ></cServ>
    </serv>
    <valores>
      <vServPrest><vServ>${value}</vServ></vServPrest>
      <trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun></trib>
    </valores>
  </infDPS>
</DPS>`;

/** The tax profile of the company that issues these NFS-e (its CNPJ, as typed or as digits). */
export const companyTaxProfile = (legalName: string, document = '11222333000181') => ({
  kind: 'company' as const,
  document,
  legal_name: legalName,
  street: 'Av. Boa Viagem',
  number: '1000',
  district: 'Boa Viagem',
  city: 'Recife',
  state: 'PE',
  postal_code: '51011000',
});
